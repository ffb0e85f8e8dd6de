import { McpServer, type Resource } from '@modelcontextprotocol/server';
import type { Caller, Engine } from '../../core/engine';
import type { AiResourceWatch } from './ai-resource-watch';
import type { GenerationCache } from './generation-cache';
import type { PromptDefinition } from './prompts';
import { registerPrompts } from './register-prompts';
import { registerResources } from './register-resources';
import { registerTools } from './register-tools';
import type { ReplayCache } from './replay-cache';
import type { ResourceSubscriptions } from './resource-subscriptions';
import type { ResourceProvider } from './resources';
import { LEGACY_CAPABILITIES, SERVER_CAPABILITIES, SERVER_INSTRUCTIONS, SERVER_NAME, SERVER_VERSION } from './server-identity';

/** Everything a server instance is built from. */
export interface McpServerSetup {
  engine: Engine;
  caller: Caller;
  replay: ReplayCache;
  resources: readonly ResourceProvider[];
  prompts: readonly PromptDefinition[];
  resourcePageSize: number;
  /** `resources/list` listings kept between requests (see `registerResources`). */
  listings: GenerationCache<Resource[]>;
  /** Legacy sessions only: where `resources/subscribe` keeps the session's URIs and globs. */
  subscriptions?: ResourceSubscriptions;
  /** Keeps subscribed live AI resources (`ai://…`) up to date; a subscription to one is primed here. */
  aiWatch?: AiResourceWatch;
}

/**
 * The one factory behind both eras: an `McpServer` named `indx` with the seed's instructions,
 * the caller's tools, the resources and the prompts. A modern request gets a fresh instance; a
 * legacy session (given `subscriptions`) keeps one for its lifetime and also answers
 * `resources/(un)subscribe` and `logging/setLevel`.
 */
export function buildMcpServer(setup: McpServerSetup): McpServer {
  const capabilities = setup.subscriptions === undefined ? SERVER_CAPABILITIES : LEGACY_CAPABILITIES;
  const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION }, { capabilities, instructions: SERVER_INSTRUCTIONS });
  const syncTools = registerTools(server, setup);
  registerResources(server, { ...setup, providers: setup.resources, pageSize: setup.resourcePageSize });
  registerPrompts(server, setup);
  if (setup.subscriptions !== undefined) {
    registerSubscriptions(server, setup.subscriptions, (uri) => setup.aiWatch?.prime(uri, setup.caller));
    followOffer(server, setup.engine, syncTools);
  }
  return server;
}

/**
 * A long-lived (legacy or stdio) session keeps its tool list current: when an AI provider is
 * configured or removed, or the user switches the editor tools or commands on or off, while it is
 * open, those tools appear or disappear with
 * `notifications/tools/list_changed`. A modern request builds its server afresh each time.
 */
function followOffer(server: McpServer, engine: Engine, syncTools: () => void): void {
  const stop = engine.onOfferChange(syncTools);
  const closing = server.server.onclose;
  server.server.onclose = () => {
    stop();
    closing?.();
  };
}

function registerSubscriptions(server: McpServer, subscriptions: ResourceSubscriptions, onSubscribed: (uri: string) => void): void {
  server.server.setRequestHandler('resources/subscribe', (request) => {
    subscriptions.add(request.params.uri);
    onSubscribed(request.params.uri);
    return {};
  });
  server.server.setRequestHandler('resources/unsubscribe', (request) => {
    subscriptions.remove(request.params.uri);
    return {};
  });
}
