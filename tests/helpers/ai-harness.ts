import { Validator, type Schema } from '@cfworker/json-schema';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { createVectorSearch } from '../../src/core/search/vectors/create-vector-search';
import type { ManagedVectorSearch } from '../../src/core/search/vectors/managed-vector-search';
import { FileStorage, locateStateDir } from '../../src/hosts/node/file-storage';
import { createMcpEndpoint } from '../../src/server/mcp/create-mcp-endpoint';
import { serveVault, type ServedVault } from '../server/http/server-harness';
import { startFakeOpenAiServer, type FakeOpenAiServer, type ParsedJson } from './fake-openai-server';
import { writeTempFolder, type TempFiles } from './temp-vault';

/** Options of {@link startAiHarness}. */
export interface AiHarnessOptions {
  files?: TempFiles;
  /** Extra or overriding environment variables of the AI runtime (INDX_AI_*). */
  environment?: Record<string, string>;
  /** An engine without any AI provider (no INDX_AI_* at all). */
  noProvider?: boolean;
  /** Semantic search with embeddings from the fake server. */
  vectors?: boolean;
  /** The engine's clock (default: real time, so the daily ledger and TTLs behave). */
  clock?: () => number;
}

/** A served temp vault whose AI runtime talks to a loopback OpenAI-compatible server. */
export interface AiHarness {
  openai: FakeOpenAiServer;
  served: ServedVault;
  root: string;
  /** Calls a tool through a real MCP client over HTTP (default token: read+write). */
  callTool(name: string, args: object, token?: string): Promise<CallToolResult>;
  /** Connects a real MCP client with `token` (closed by `dispose`). */
  connect(token?: string): Promise<Client>;
  /** Sends a JSON REST request (default token: read+write) and parses the JSON reply when there is one. */
  rest(method: string, path: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: ParsedJson }>;
  dispose(): Promise<void>;
}

const outputSchemas = new WeakMap<Client, Promise<Map<string, Schema>>>();

/** The output schemas `client`'s catalog advertises, by tool name (listed once per client). */
function outputSchemasOf(client: Client): Promise<Map<string, Schema>> {
  let schemas = outputSchemas.get(client);
  if (schemas === undefined) outputSchemas.set(client, (schemas = client.listTools().then(({ tools }) => new Map(tools.map((tool) => [tool.name, (tool.outputSchema ?? {}) as Schema])))));
  return schemas;
}

/**
 * Issue 13: every tool result a test sees carries a structuredContent that its advertised
 * outputSchema accepts (checked with a JSON Schema validator), and an error result none at all.
 */
function expectConformingResult(name: string, result: CallToolResult, schemas: Map<string, Schema>): void {
  if (result.isError === true) return expect(result.structuredContent).toBeUndefined();
  const schema = schemas.get(name);
  if (schema === undefined || result.structuredContent === undefined) return;
  const checked = new Validator(schema, '2020-12').validate(result.structuredContent);
  expect({ tool: name, errors: checked.errors }).toEqual({ tool: name, errors: [] });
}

/** The default files of an AI harness vault: a few linked, tagged notes with headings. */
export const AI_FILES: TempFiles = {
  'Projects/Alpha.md': '---\ntags: [project]\nstatus: active\n---\n# Alpha\n\nAlpha ships the sync engine.\n\n## Goals\nFast sync over [[Beta]].\n\n## Risks\nThe deadline is tight.\n',
  'Projects/Beta.md': '---\ntags: [project, infra]\n---\n# Beta\n\nBeta is the storage layer used by [[Alpha]].\n\n## Design\nLog-structured storage.\n',
  'Private/Diary.md': '# Diary\n\nSECRET-DIARY-TEXT do not send.\n',
  'Notes/Meeting.md': '# Meeting 2026-05-02\n\n## Agenda\nReview the incident.\n\n## Actions\n- Alice fixes the alert ^alert-fix\n',
};

/** Starts the fake provider, a temp vault whose engine uses it, and the HTTP server with MCP. */
export async function startAiHarness(options: AiHarnessOptions = {}): Promise<AiHarness> {
  const openai = await startFakeOpenAiServer();
  const root = await writeTempFolder(options.files ?? AI_FILES);
  const environment = options.noProvider === true ? {} : { INDX_AI_PROVIDER: 'openai-compatible', INDX_AI_BASE_URL: openai.url, INDX_AI_MODEL: 'test-model', ...options.environment };
  const holder: { vectors: ManagedVectorSearch | null } = { vectors: null };
  if (options.vectors === true) holder.vectors = createVectorSearch({ storage: new FileStorage(locateStateDir(root)), provider: { base_url: openai.url, model: 'test-embedding' } });
  const vaultOptions = { clock: options.clock ?? Date.now, ai: { environment, fetch }, search: { vectors: holder.vectors, waitForIndex: true } };
  const served = await serveVault({ root, vaultOptions, clock: Date.now, mcp: (deps) => createMcpEndpoint(deps) });
  const write = served.write;
  const clients = new Map<string, Client>();
  const connect = async (token = write): Promise<Client> => {
    const client = new Client({ name: 'indx-ai-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${served.server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    clients.set(`${token}#${clients.size}`, client);
    return client;
  };
  const shared = new Map<string, Promise<Client>>();
  return {
    openai,
    served,
    root,
    connect,
    async callTool(name, args, token = write) {
      let client = shared.get(token);
      if (client === undefined) shared.set(token, (client = connect(token)));
      const result = await (await client).callTool({ name, arguments: args as Record<string, unknown> });
      expectConformingResult(name, result, await outputSchemasOf(await client));
      return result;
    },
    async rest(method, path, body, token = write, headers = {}) {
      const response = await served.fetch(path, { method, token, headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const text = await response.text();
      const type = response.headers.get('content-type') ?? '';
      const parsed: unknown = type.includes('json') && text !== '' ? (JSON.parse(text) as unknown) : text;
      return { status: response.status, headers: response.headers, body: parsed };
    },
    async dispose() {
      await Promise.all([...clients.values()].map((client) => client.close().catch(() => undefined)));
      await served.dispose();
      await openai.close();
    },
  };
}
