import { ResourceTemplate, type McpServer, type ReadResourceResult, type Resource, type Variables } from '@modelcontextprotocol/server';
import type { Caller, Engine } from '../../core/engine';
import type { GenerationCache } from './generation-cache';
import { paginate } from './paginate';
import type { ResourceContent, ResourceProvider } from './resources';
import { toProtocolError } from './to-protocol-error';

/** What resource reads and listings run against. */
export interface ResourceContext {
  engine: Engine;
  caller: Caller;
  providers: readonly ResourceProvider[];
  /** How many resources one `resources/list` page holds. */
  pageSize: number;
  /** Full listings by caller scopes, cleared with every vault or audit event. */
  listings: GenerationCache<Resource[]>;
}

/**
 * Registers each provider the engine offers now (see `ResourceProvider.offered`) with the SDK: a
 * fixed URI as a resource, a URI template as a template with completion of its variables. `resources/list` is answered here rather than by the SDK so
 * it can be paginated: fixed resources, then each template's concrete resources, in provider
 * order, `pageSize` at a time. The full listing is built once and kept in `listings` until the
 * vault changes, so walking every page costs one listing rather than one per page.
 */
export function registerResources(server: McpServer, context: ResourceContext): void {
  for (const provider of context.providers) {
    if (provider.offered?.(context.engine) !== false) registerProvider(server, context, provider);
  }
  server.server.setRequestHandler('resources/list', async (request) => {
    const page = paginate(await cachedListing(context), request.params?.cursor, context.pageSize);
    return { resources: page.items, ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }) };
  });
}

function registerProvider(server: McpServer, context: ResourceContext, provider: ResourceProvider): void {
  const metadata = { title: provider.title, description: provider.description, mimeType: provider.mimeType };
  if (provider.uri !== undefined) {
    server.registerResource(provider.name, provider.uri, metadata, (uri) => read(context, provider, uri.href, {}));
  } else if (provider.uriTemplate !== undefined) {
    const template = new ResourceTemplate(provider.uriTemplate, { list: undefined, complete: completersOf(context.engine, provider) });
    server.registerResource(provider.name, template, metadata, (uri, variables) => read(context, provider, uri.href, toStrings(variables)));
  }
}

async function read(context: ResourceContext, provider: ResourceProvider, uri: string, variables: Record<string, string>): Promise<ReadResourceResult> {
  try {
    // Providers read the host directly: a headless host still reading the vault at start is waited for.
    await context.engine.whenOpen();
    const contents = await provider.read(uri, variables, context.engine, context.caller);
    return { contents: contents.map(toWireContent) };
  } catch (error: unknown) {
    throw toProtocolError(error, uri);
  }
}

async function cachedListing(context: ResourceContext): Promise<Resource[]> {
  // A listing depends on the caller's scopes only (never on which token holds them).
  const key = JSON.stringify([...context.caller.scopes].sort());
  const cached = context.listings.get(key);
  if (cached !== undefined) return cached;
  const ticket = context.listings.begin();
  const listing = await listAll(context);
  context.listings.store(key, listing, ticket);
  return listing;
}

async function listAll(context: ResourceContext): Promise<Resource[]> {
  await context.engine.whenOpen().catch((error: unknown) => {
    throw toProtocolError(error);
  });
  const resources: Resource[] = [];
  for (const provider of context.providers) {
    if (provider.offered?.(context.engine) === false) continue;
    if (provider.uri !== undefined) resources.push({ uri: provider.uri, name: provider.name, title: provider.title, description: provider.description, mimeType: provider.mimeType });
    else if (provider.list !== undefined) resources.push(...(await listTemplate(context, provider)));
  }
  return resources;
}

async function listTemplate(context: ResourceContext, provider: ResourceProvider): Promise<Resource[]> {
  try {
    const listings = (await provider.list?.(context.engine, context.caller)) ?? [];
    return listings.map((listing) => ({ ...listing, mimeType: listing.mimeType ?? provider.mimeType }));
  } catch (error: unknown) {
    throw toProtocolError(error);
  }
}

function completersOf(engine: Engine, provider: ResourceProvider): Record<string, (value: string) => Promise<string[]>> {
  const entries = Object.entries(provider.complete ?? {});
  const completeWhenOpen = (complete: (value: string, engine: Engine) => Promise<string[]>) => async (value: string) => {
    await engine.whenOpen();
    return complete(value, engine);
  };
  return Object.fromEntries(entries.map(([variable, complete]) => [variable, completeWhenOpen(complete)]));
}

function toWireContent(content: ResourceContent): ReadResourceResult['contents'][number] {
  const mimeType = content.mimeType === undefined ? {} : { mimeType: content.mimeType };
  return content.blob === undefined ? { uri: content.uri, ...mimeType, text: content.text ?? '' } : { uri: content.uri, ...mimeType, blob: content.blob };
}

function toStrings(variables: Variables): Record<string, string> {
  return Object.fromEntries(Object.entries(variables).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]));
}
