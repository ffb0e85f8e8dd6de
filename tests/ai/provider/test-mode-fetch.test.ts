import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestModeFetch } from '../../../src/core/ai/chat/test-mode-fetch';
import type { FetchFunction } from '../../../src/core/ai/openai-compatible';
import { FileStorage } from '../../../src/hosts/node/file-storage';
import { expectIndxError } from '../../helpers/expect-error';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../helpers/fake-openai-server';
import { chatAgainst, SUMMARY_SCHEMA, TEST_API_KEY } from './chat-harness';

const ASK = { system: 'Use only the given notes.', messages: [{ role: 'user' as const, content: 'What is alpha?' }] };

// Seed 002 §13: AI_TEST_RECORD=1 records provider exchanges, AI_TEST_REPLAY=1 serves them with no provider.
describe('createTestModeFetch', () => {
  let server: FakeOpenAiServer;
  let folder: string;
  let fixtures: FileStorage;
  beforeEach(async () => {
    server = await startFakeOpenAiServer();
    folder = await fs.mkdtemp(join(tmpdir(), 'indx-ai-fixtures-'));
    fixtures = new FileStorage(folder);
  });
  afterEach(async () => {
    await server.close();
    await fs.rm(folder, { recursive: true, force: true });
  });

  const recording = (): FetchFunction => createTestModeFetch({ environment: { AI_TEST_RECORD: '1' }, fetch, fixtures })!;
  const replaying = (network?: FetchFunction): FetchFunction => createTestModeFetch({ environment: { AI_TEST_REPLAY: '1' }, fetch: network, fixtures })!;

  it('returns the given fetch unchanged when neither mode is on', () => {
    const given: FetchFunction = () => Promise.reject(new Error('unused'));
    expect(createTestModeFetch({ environment: {}, fetch: given, fixtures })).toBe(given);
    expect(createTestModeFetch({ environment: { AI_TEST_RECORD: '0' }, fixtures })).toBeUndefined();
  });

  it('records an exchange, then replays it with the server closed', async () => {
    server.onChat(() => ({ json: { title: 'Recorded', points: ['alpha'] }, usage: { prompt_tokens: 12, completion_tokens: 4 } }));
    const live = await chatAgainst(server.url, { fetch: recording() }).generate({ ...ASK, json_schema: SUMMARY_SCHEMA, seed: 0 });
    await server.close();
    const replayed = await chatAgainst(server.url, { fetch: replaying() }).generate({ ...ASK, json_schema: SUMMARY_SCHEMA, seed: 0 });
    expect(replayed).toEqual(live);
    expect(replayed.structured).toEqual({ title: 'Recorded', points: ['alpha'] });
    expect(replayed.usage).toMatchObject({ input_tokens: 12, output_tokens: 4 });
  });

  it('stores method, path and body but never the Authorization header', async () => {
    await chatAgainst(server.url, { fetch: recording() }).generate(ASK);
    const names = await fixtures.list('ai-fixtures');
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^ai-fixtures\/[0-9a-f]{64}\.json$/);
    const text = await fs.readFile(join(folder, names[0]!), 'utf8');
    expect(text).not.toContain(TEST_API_KEY);
    expect(text.toLowerCase()).not.toContain('authorization');
    const fixture = JSON.parse(text) as { request: { method: string; path: string; body: { model: string } }; response: { status: number; headers: object } };
    expect(fixture.request).toMatchObject({ method: 'POST', path: '/v1/chat/completions', body: { model: 'test-model' } });
    expect(fixture.response).toMatchObject({ status: 200, headers: { 'content-type': 'application/json' } });
  });

  it('replays a streamed reply whole, partials included', async () => {
    server.onChat(() => ({ json: { title: 'Streamed and recorded', points: ['one', 'two'] } }));
    const live = await chatAgainst(server.url, { fetch: recording() }).generate({ ...ASK, json_schema: SUMMARY_SCHEMA, onPartial: () => undefined });
    await server.close();
    const partials: unknown[] = [];
    const replayed = await chatAgainst(server.url, { fetch: replaying() }).generate({ ...ASK, json_schema: SUMMARY_SCHEMA, onPartial: (partial) => partials.push(partial) });
    expect(replayed).toEqual(live);
    expect(replayed.streamed).toBe(true);
    expect(partials.at(-1)).toEqual({ title: 'Streamed and recorded', points: ['one', 'two'] });
  });

  it('replays for another server address: the key leaves the host out', async () => {
    await chatAgainst(server.url, { fetch: recording() }).generate(ASK);
    const result = await chatAgainst('http://127.0.0.1:9/v1', { fetch: replaying() }).generate(ASK);
    expect(result.text).toBe('{}');
  });

  it('never calls the network when replaying; a missing fixture is an ai_provider_error naming its key', async () => {
    const network = jest.fn<Promise<Response>, Parameters<typeof fetch>>(() => Promise.reject(new Error('network used')));
    const details = await expectIndxError(chatAgainst(server.url, { fetch: replaying(network) }).generate(ASK), 'ai_provider_error');
    expect(network).not.toHaveBeenCalled();
    expect(server.requests).toHaveLength(0);
    expect(details).toMatchObject({ upstream_status: 599, reason: 'http' });
    expect(details.upstream_message).toMatch(/no fixture ai-fixtures\/[0-9a-f]{64}\.json exists for POST \/v1\/chat\/completions/);
  });

  it('keys on the body: a different question is not served the recorded answer', async () => {
    await chatAgainst(server.url, { fetch: recording() }).generate(ASK);
    const other = { ...ASK, messages: [{ role: 'user' as const, content: 'What is beta?' }] };
    await expectIndxError(chatAgainst(server.url, { fetch: replaying() }).generate(other), 'ai_provider_error');
  });
});
