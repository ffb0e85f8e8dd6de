import { setTimeout as delay } from 'node:timers/promises';
import type { Client } from '@modelcontextprotocol/client';
import { toAiResourceUri } from '../../../src/server/mcp/resources/ai-scope-uri';
import { waitFor } from '../../helpers/temp-vault';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { connectClient, ERAS, type Era } from '../../server/mcp/mcp-harness';
import type { AiScope } from '../../../src/core/ai/ai-schemas';
import { ALPHA_SUMMARY, bodyOf } from './surface-support';

// Seed 002 §10.4: ai://summary/{scope} and ai://moc/{scope}, live AI resources over a URL-encoded
// JSON scope. Listed while a chat model is configured; a subscription is told when a note the
// last result read changes, or a note enters the scope.

const PAIR: AiScope & { kind: 'paths' } = { kind: 'paths', paths: ['Projects/Alpha.md', 'Projects/Beta.md'] };
const SUMMARY_URI = toAiResourceUri('summary', PAIR);

/** Longer than the re-derivation's quiet time (250 ms) plus a derivation: what would have been sent is sent. */
const SETTLE_MS = 800;

interface Received {
  uri: string;
  at: number;
}

let clients: Client[] = [];

async function connect(harness: AiHarness, era: Era, token = harness.served.read): Promise<Client> {
  const client = await connectClient(`${harness.served.server.url}/mcp`, era, token);
  clients.push(client);
  return client;
}

function record(client: Client): Received[] {
  const received: Received[] = [];
  client.setNotificationHandler('notifications/resources/updated', (notification) => void received.push({ uri: notification.params.uri, at: Date.now() }));
  return received;
}

async function readJson(client: Client, uri: string): Promise<Record<string, unknown>> {
  const { contents } = await client.readResource({ uri });
  expect(contents[0]).toMatchObject({ uri, mimeType: 'application/json' });
  const [content] = contents;
  return JSON.parse(content !== undefined && 'text' in content ? content.text : '{}') as Record<string, unknown>;
}

/** Appends a line to a note through REST (the server sees its own write as a vault change). */
async function append(harness: AiHarness, path: string, markdown: string): Promise<void> {
  const response = await harness.rest('PATCH', `/v1/notes/${path}`, { ops: [{ op: 'append_body', markdown }] });
  expect(response.status).toBe(200);
}

/**
 * A legacy client opens its notification stream on its own after the handshake: until it is
 * open, notifications have nowhere to go. Subscribes to vault://graph (told of every change)
 * and edits a note outside every AI scope until that arrives.
 */
async function warmUp(harness: AiHarness, client: Client, received: Received[]): Promise<void> {
  await client.subscribeResource({ uri: 'vault://graph' });
  for (let attempt = 0; !received.some((entry) => entry.uri === 'vault://graph'); attempt += 1) {
    if (attempt === 20) throw new Error('the legacy notification stream never delivered');
    await append(harness, 'Notes/Meeting.md', 'warm up');
    await waitFor(() => received.length > 0, 250).catch(() => undefined);
  }
}

describe('ai:// resources', () => {
  let harness: AiHarness;
  afterEach(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    clients = [];
    await harness.dispose();
  });

  it.each(ERAS)('lists the templates only with a chat model and reads a summary as the ai_summarize output (%s era)', async (era) => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ALPHA_SUMMARY }));
    const client = await connect(harness, era);
    const templates = (await client.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate);
    expect(templates).toEqual(expect.arrayContaining(['ai://summary/{+scope}', 'ai://moc/{+scope}']));
    const summary = await readJson(client, SUMMARY_URI);
    const direct = bodyOf((await harness.rest('POST', '/v1/ai/summarize', { scope: PAIR })).body).data;
    // The second call is an AI cache hit: same result, zero usage, ai_cache_hit.
    expect({ ...summary, usage: undefined, warnings: undefined }).toEqual({ ...direct, usage: undefined, warnings: undefined });
    expect(summary.scope_resolved).toEqual({ paths: PAIR.paths, total_tokens: expect.any(Number) as number });
    expect(harness.openai.chatRequests()).toHaveLength(1);
    await harness.dispose();
    harness = await startAiHarness({ noProvider: true });
    const without = await connect(harness, era);
    const bare = (await without.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate);
    expect(bare.filter((template) => template.startsWith('ai://'))).toEqual([]);
    expect(bare).toContain('toc://vault/{+path}');
  });

  it('reads a map of content over a glob as the ai_toc MOC output', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: { groups: [{ title: 'Engines', paths: ['Projects/Alpha.md', 'Projects/Beta.md'] }] } }));
    const client = await connect(harness, 'legacy');
    const moc = await readJson(client, toAiResourceUri('moc', { kind: 'glob', path_glob: 'Projects/**' }));
    expect(moc.scope_resolved).toMatchObject({ paths: ['Projects/Alpha.md', 'Projects/Beta.md'] });
    expect(moc.toc_markdown).toContain('## Engines');
  });

  it('refuses a scope that is not JSON, or not a valid AI scope, as invalid params naming the problem', async () => {
    harness = await startAiHarness();
    const client = await connect(harness, 'legacy');
    await expect(client.readResource({ uri: 'ai://summary/%7Bkind%3Apaths' })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/not valid JSON/) as string });
    await expect(client.readResource({ uri: toAiResourceUri('summary', { kind: 'everything' } as never) })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/scope\.kind/) as string });
    await expect(client.readResource({ uri: 'ai://summary/%E0%A4%A' })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/percent-encoded/) as string });
    expect(harness.openai.requests).toEqual([]);
  });

  it('tells a legacy subscriber when a note its summary read changes, and not for a note outside it', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ALPHA_SUMMARY }));
    const client = await connect(harness, 'legacy');
    const received = record(client);
    await readJson(client, SUMMARY_URI);
    await client.subscribeResource({ uri: SUMMARY_URI });
    await warmUp(harness, client, received);
    const calls = harness.openai.chatRequests().length;
    const started = Date.now();
    await append(harness, 'Notes/Meeting.md', 'not in the scope');
    await waitFor(() => received.some((entry) => entry.uri === 'vault://graph' && entry.at >= started), 2000);
    await delay(SETTLE_MS);
    expect([received.filter((entry) => entry.uri === SUMMARY_URI), harness.openai.chatRequests().length]).toEqual([[], calls]);
    await append(harness, 'Projects/Alpha.md', 'Alpha also ships a CLI.');
    await waitFor(() => received.some((entry) => entry.uri === SUMMARY_URI), 5000);
    // The summary was derived again from the edited note (one model call), and the outside edit cost nothing.
    expect(harness.openai.chatRequests()).toHaveLength(calls + 1);
    expect(JSON.stringify(harness.openai.chatRequests().at(-1))).toContain('Alpha also ships a CLI.');
    expect(received.filter((entry) => entry.uri === SUMMARY_URI)).toHaveLength(1);
  });

  it('tells a modern listen stream when a cited note changes', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ALPHA_SUMMARY }));
    const client = await connect(harness, 'modern');
    const received = record(client);
    await readJson(client, SUMMARY_URI);
    const subscription = await client.listen({ resourceSubscriptions: [SUMMARY_URI] });
    await append(harness, 'Projects/Beta.md', 'Beta adds snapshots.');
    await waitFor(() => received.some((entry) => entry.uri === SUMMARY_URI), 5000);
    // The read and the derivation after the edit; the baseline derived on subscribing was an AI cache hit.
    expect(harness.openai.chatRequests()).toHaveLength(2);
    await subscription.close();
  });

  it('tells a subscriber of a glob scope when a note enters it, but not when a note outside the glob appears', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ALPHA_SUMMARY }));
    const uri = toAiResourceUri('summary', { kind: 'glob', path_glob: 'Projects/**' });
    const client = await connect(harness, 'legacy');
    const received = record(client);
    await client.subscribeResource({ uri });
    await warmUp(harness, client, received);
    const started = Date.now();
    expect((await harness.rest('PUT', '/v1/notes/Elsewhere/Other.md', { body: '# Other\n' })).status).toBe(201);
    await waitFor(() => received.some((entry) => entry.uri === 'vault://graph' && entry.at >= started), 2000);
    await delay(SETTLE_MS);
    expect(received.filter((entry) => entry.uri === uri)).toEqual([]);
    expect((await harness.rest('PUT', '/v1/notes/Projects/Gamma.md', { body: '# Gamma\n\nGamma is new.\n' })).status).toBe(201);
    await waitFor(() => received.some((entry) => entry.uri === uri), 5000);
    expect(received.filter((entry) => entry.uri === uri)).toHaveLength(1);
    expect(JSON.stringify(harness.openai.chatRequests().at(-1))).toContain('Gamma is new.');
  });
});
