import type { Client } from '@modelcontextprotocol/client';
import { DELIVERY_INPUTS } from '../../../src/core/ai/ai-schemas';
import type { AskOutput } from '../../../src/core/ai/ask/ask-output-schema';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { connectClient, ERAS, type Era } from '../../server/mcp/mcp-harness';
import { ALPHA_ANSWER, ASK_BODY, structuredOf, toolErrorOf } from './surface-support';

// Seed 002 §2 and §7 on MCP: AI tools are listed only while a provider is configured (hidden
// ones still answer through the engine), config://vault and /openapi.json follow the same
// offer, and a streamed call sends notifications/progress to a caller that asked with a token.

const AI_TOOLS = ['ai_status', 'ai_summarize', 'ai_ask', 'ai_toc', 'ai_relate', 'ai_tag', 'ai_metadata', 'ai_extract'];

interface Progress {
  progress: number;
  message?: string;
}

async function connect(harness: AiHarness, era: Era): Promise<Client> {
  const client = await connectClient(`${harness.served.server.url}/mcp`, era, harness.served.write);
  clients.push(client);
  return client;
}

async function readJson(client: Client, uri: string): Promise<Record<string, unknown>> {
  const { contents } = await client.readResource({ uri });
  const [content] = contents;
  return JSON.parse(content !== undefined && 'text' in content ? content.text : '{}') as Record<string, unknown>;
}

let clients: Client[] = [];

describe.each(ERAS)('MCP (%s era)', (era) => {
  let harness: AiHarness;
  afterEach(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    clients = [];
    await harness.dispose();
  });

  it('lists the AI tools with a provider, in config://vault too; /openapi.json documents their routes', async () => {
    harness = await startAiHarness();
    const client = await connect(harness, era);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(AI_TOOLS));
    const config = await readJson(client, 'config://vault');
    expect(config.operations).toEqual(expect.arrayContaining(AI_TOOLS));
    expect(config.capabilities).toMatchObject({ ai: true });
    const openapi = (await (await harness.served.fetch('/openapi.json', { token: null })).json()) as { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, unknown> }> }>> };
    expect(openapi.paths['/v1/ai/ask']?.post?.responses['200']?.content).toEqual({ 'application/json': expect.any(Object) as object, 'text/event-stream': expect.any(Object) as object });
    expect(openapi.paths['/v1/ai/status']?.get).toBeDefined();
  });

  it('hides the AI tools without a provider, yet a call to one still reaches the engine and answers ai_unavailable', async () => {
    harness = await startAiHarness({ noProvider: true });
    const client = await connect(harness, era);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('note_read');
    expect(names.filter((name) => name.startsWith('ai_'))).toEqual([]);
    const config = await readJson(client, 'config://vault');
    expect((config.operations as string[]).filter((name) => name.startsWith('ai_'))).toEqual([]);
    expect(config.capabilities).toMatchObject({ ai: false });
    const hidden = toolErrorOf(await client.callTool({ name: 'ai_ask', arguments: ASK_BODY }));
    expect(hidden).toMatchObject({ code: 'ai_unavailable', details: { required_role: 'chat' } });
    expect(harness.openai.requests).toEqual([]);
    const openapi = (await (await harness.served.fetch('/openapi.json', { token: null })).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(openapi.paths).filter((path) => path.startsWith('/v1/ai/'))).toEqual([]);
    expect(openapi.paths['/v1/notes/{path}']).toBeDefined();
  });

  it('sends the events of a streamed call as notifications/progress for its progress token, then the full result', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ALPHA_ANSWER }));
    const client = await connect(harness, era);
    const received: Progress[] = [];
    const result = await client.callTool({ name: 'ai_ask', arguments: ASK_BODY }, { onprogress: (progress) => void received.push(progress) });
    expect(structuredOf<AskOutput>(result).answer).toBe(ALPHA_ANSWER.answer);
    // progress counts the events: 1, 2, 3…
    expect(received.map((entry) => entry.progress)).toEqual(received.map((_entry, index) => index + 1));
    const structured = received.filter((entry) => entry.message?.startsWith('{"type"') === true).map((entry) => JSON.parse(entry.message ?? '') as { type: string });
    expect(structured.map((event) => event.type)).toEqual(['ai.usage', 'ai.citation']);
    expect(received[0]?.message).not.toMatch(/^\{"type"/);
    const deltas = received.filter((entry) => entry.message?.startsWith('{"type"') !== true).map((entry) => entry.message);
    expect(deltas.join('')).toBe(ALPHA_ANSWER.answer);
  });

  it('answers a streamed call whole, with stream_unsupported, when the provider does not stream', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ALPHA_ANSWER, ignore_stream: true }));
    const client = await connect(harness, era);
    const received: Progress[] = [];
    const output = structuredOf<AskOutput>(await client.callTool({ name: 'ai_ask', arguments: ASK_BODY }, { onprogress: (progress) => void received.push(progress) }));
    expect(output.answer).toBe(ALPHA_ANSWER.answer);
    expect(output.warnings.map((warning) => warning.code)).toEqual(['stream_unsupported']);
    expect(received.map((entry) => (JSON.parse(entry.message ?? '{}') as { type?: string }).type)).toEqual(['ai.usage', 'ai.citation']);
    expect(harness.openai.chatRequests().map((body: { stream?: boolean }) => body.stream)).toEqual([true]);
  });

  it('sends no progress for an operation that does not stream, and runs a streamed call fresh (no replay)', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ALPHA_ANSWER }));
    const client = await connect(harness, era);
    const received: Progress[] = [];
    const status = await client.callTool({ name: 'ai_status', arguments: {} }, { onprogress: (progress) => void received.push(progress) });
    expect(structuredOf(status).enabled).toBe(true);
    expect(received).toEqual([]);
    await client.callTool({ name: 'ai_ask', arguments: ASK_BODY });
    await client.callTool({ name: 'ai_ask', arguments: ASK_BODY }, { onprogress: (progress) => void received.push(progress) });
    expect(received.length).toBeGreaterThan(0);
    expect(harness.openai.chatRequests()).toHaveLength(2);
  });
});

describe('delivery fields (cache, cache_ttl_seconds, idempotency_key, stream)', () => {
  let harness: AiHarness;
  afterEach(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    clients = [];
    await harness.dispose();
  });

  it('are left out of the MCP catalog, still listed in OpenAPI, and still act on an MCP call', async () => {
    harness = await startAiHarness();
    const client = await connect(harness, 'modern');
    const { tools } = await client.listTools();
    for (const name of AI_TOOLS.filter((tool) => tool !== 'ai_status')) {
      const fields = Object.keys(tools.find((tool) => tool.name === name)?.inputSchema.properties ?? {});
      expect({ name, delivery: fields.filter((field) => (DELIVERY_INPUTS as readonly string[]).includes(field)) }).toEqual({ name, delivery: [] });
      expect({ name, fields: fields.length > 0 }).toEqual({ name, fields: true });
    }
    const openapi = (await (await harness.served.fetch('/openapi.json', { token: null })).json()) as { paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } } }> };
    const askFields = Object.keys(openapi.paths['/v1/ai/ask']?.post?.requestBody?.content['application/json']?.schema.properties ?? {});
    expect(askFields).toEqual(expect.arrayContaining([...DELIVERY_INPUTS]));
    // `cache: false` (ASK_BODY) still reaches the runtime over MCP: the same question twice is generated twice.
    harness.openai.onChat(() => ({ json: ALPHA_ANSWER }));
    for (let call = 0; call < 2; call += 1) expect(structuredOf<AskOutput>(await client.callTool({ name: 'ai_ask', arguments: ASK_BODY })).warnings.map((warning) => warning.code)).not.toContain('ai_cache_hit');
    expect(harness.openai.chatRequests()).toHaveLength(2);
  });
});
