import { setTimeout as delay } from 'node:timers/promises';
import { isIndxError } from '../../../src/core/errors';
import { expectIndxError } from '../../helpers/expect-error';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../helpers/fake-openai-server';
import { chatAgainst, SUMMARY_SCHEMA, TEST_API_KEY, type SentChatBody } from './chat-harness';

const ASK = { system: 'Use only the given notes.', messages: [{ role: 'user' as const, content: 'Summarise: alpha beta.' }] };

describe('createChat against an OpenAI-compatible server', () => {
  let server: FakeOpenAiServer;
  beforeEach(async () => {
    server = await startFakeOpenAiServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const sent = (index = 0): SentChatBody => server.chatRequests()[index] as SentChatBody;

  describe('one request', () => {
    it('round-trips a structured reply and sends model, temperature 0, seed, json_schema and max_tokens', async () => {
      server.onChat(() => ({ json: { title: 'Alpha', points: ['beta'] } }));
      const chat = chatAgainst(server.url);
      const result = await chat.generate({ ...ASK, json_schema: SUMMARY_SCHEMA, schema_name: 'summary', temperature: 0, seed: 7, max_output_tokens: 300 });
      expect(result).toEqual({
        text: JSON.stringify({ title: 'Alpha', points: ['beta'] }),
        structured: { title: 'Alpha', points: ['beta'] },
        usage: { input_tokens: 10, output_tokens: 5, cost_usd: 0 },
        finish_reason: 'stop',
        streamed: false,
      });
      expect(sent()).toMatchObject({
        model: 'test-model',
        temperature: 0,
        seed: 7,
        max_tokens: 300,
        messages: [{ role: 'system', content: ASK.system }, { role: 'user', content: ASK.messages[0]!.content }],
        response_format: { type: 'json_schema', json_schema: { name: 'summary', schema: SUMMARY_SCHEMA, strict: true } },
      });
      expect(sent().stream).toBeUndefined();
      expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
      expect(chat).toMatchObject({ provider: 'openai-compatible', model: 'test-model', canStream: true });
    });

    it('takes the temperature and the output cap from the settings when the request has none', async () => {
      await chatAgainst(server.url, { settings: { temperature: 0.3, max_output_tokens: 99 } }).generate(ASK);
      expect(sent()).toMatchObject({ temperature: 0.3, max_tokens: 99 });
      expect(sent().seed).toBeUndefined();
    });

    it('sends a loose schema (optional fields) non-strict, so OpenAI does not refuse it', async () => {
      const loose = { type: 'object', properties: { name: { type: 'string' }, age: { type: 'number' } }, required: ['name'] };
      await chatAgainst(server.url).generate({ ...ASK, json_schema: loose });
      expect(sent().response_format?.json_schema?.strict).toBe(false);
      expect(sent().response_format?.json_schema?.name).toBe('response');
    });

    it('answers text without structure when there is no schema', async () => {
      server.onChat(() => ({ content: 'plain words' }));
      const result = await chatAgainst(server.url).generate(ASK);
      expect(result.text).toBe('plain words');
      expect(result).not.toHaveProperty('structured');
      expect(sent().response_format).toBeUndefined();
    });

    it('reads JSON wrapped in a ```json fence (providers that ignore response_format)', async () => {
      server.onChat(() => ({ content: '```json\n{"title":"Fenced","points":[]}\n```' }));
      const result = await chatAgainst(server.url).generate({ ...ASK, json_schema: SUMMARY_SCHEMA });
      expect(result.structured).toEqual({ title: 'Fenced', points: [] });
    });

    it('prices the usage from the built-in table for a known model', async () => {
      server.onChat(() => ({ usage: { prompt_tokens: 1000, completion_tokens: 500 } }));
      const result = await chatAgainst(server.url, { config: { provider: 'openai', model: 'gpt-4o-mini' } }).generate(ASK);
      expect(result.usage).toEqual({ input_tokens: 1000, output_tokens: 500, cost_usd: (1000 * 0.15 + 500 * 0.6) / 1_000_000 });
    });

    it('prices the usage with the configured pricing first', async () => {
      server.onChat(() => ({ usage: { prompt_tokens: 2_000_000, completion_tokens: 1_000_000 } }));
      const result = await chatAgainst(server.url, { settings: { pricing: { input_usd_per_million: 1, output_usd_per_million: 3 } } }).generate(ASK);
      expect(result.usage.cost_usd).toBe(5);
    });
  });

  describe('finish reasons', () => {
    it('reports finish_reason length with the complete JSON parsed', async () => {
      server.onChat(() => ({ json: { title: 'Cut', points: ['a'] }, finish_reason: 'length' }));
      const result = await chatAgainst(server.url).generate({ ...ASK, json_schema: SUMMARY_SCHEMA });
      expect(result.finish_reason).toBe('length');
      expect(result.structured).toEqual({ title: 'Cut', points: ['a'] });
    });

    it('repairs JSON cut off at the output cap, keeping what arrived', async () => {
      server.onChat(() => ({ content: '{"title":"Cut","points":["one","tw', finish_reason: 'length' }));
      const result = await chatAgainst(server.url).generate({ ...ASK, json_schema: SUMMARY_SCHEMA });
      expect(result.finish_reason).toBe('length');
      expect(result.structured).toEqual({ title: 'Cut', points: ['one', 'tw'] });
    });
  });

  describe('streaming', () => {
    it('streams partial objects through onPartial, usage from the last chunk', async () => {
      server.onChat(() => ({ json: { title: 'A streamed title', points: ['first point', 'second point'] } }));
      const partials: unknown[] = [];
      const result = await chatAgainst(server.url).generate({ ...ASK, json_schema: SUMMARY_SCHEMA, onPartial: (partial) => partials.push(partial) });
      expect(result.streamed).toBe(true);
      expect(result.structured).toEqual({ title: 'A streamed title', points: ['first point', 'second point'] });
      expect(result.usage).toEqual({ input_tokens: 10, output_tokens: 5, cost_usd: 0 });
      expect(partials.length).toBeGreaterThan(1);
      expect(partials.at(-1)).toEqual(result.structured);
      expect(new Set(partials.map((partial) => JSON.stringify(partial))).size).toBe(partials.length);
      expect(sent()).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    });

    it('streams the growing text when there is no schema', async () => {
      server.onChat(() => ({ content: 'one two three four five six' }));
      const partials: unknown[] = [];
      const result = await chatAgainst(server.url).generate({ ...ASK, onPartial: (partial) => partials.push(partial) });
      expect(result.text).toBe('one two three four five six');
      expect(partials.length).toBeGreaterThan(1);
      for (const partial of partials) expect(result.text.startsWith(partial as string)).toBe(true);
    });

    it('answers in one request when the connection cannot stream', async () => {
      server.onChat(() => ({ json: { title: 'Whole', points: [] } }));
      const partials: unknown[] = [];
      const chat = chatAgainst(server.url, { canStream: false });
      const result = await chat.generate({ ...ASK, json_schema: SUMMARY_SCHEMA, onPartial: (partial) => partials.push(partial) });
      expect(chat.canStream).toBe(false);
      expect(result).toMatchObject({ streamed: false, structured: { title: 'Whole', points: [] } });
      expect(partials).toEqual([]);
      expect(sent().stream).toBeUndefined();
    });

    it('reads a plain completion answered to a stream request as one whole reply, without asking again', async () => {
      server.onChat(() => ({ json: { title: 'Whole anyway', points: ['one'] }, usage: { prompt_tokens: 12, completion_tokens: 7 }, ignore_stream: true }));
      const partials: unknown[] = [];
      const result = await chatAgainst(server.url, { fetch }).generate({ ...ASK, json_schema: SUMMARY_SCHEMA, onPartial: (partial) => partials.push(partial) });
      expect(result).toEqual({ text: JSON.stringify({ title: 'Whole anyway', points: ['one'] }), structured: { title: 'Whole anyway', points: ['one'] }, usage: { input_tokens: 12, output_tokens: 7, cost_usd: 0 }, finish_reason: 'stop', streamed: false });
      expect(partials).toEqual([]);
      expect(server.chatRequests().map((body) => (body as SentChatBody).stream)).toEqual([true]);
    });

    it('reads a whole text reply to a stream request too, and keeps its finish reason', async () => {
      server.onChat(() => ({ content: 'plain words', finish_reason: 'length', ignore_stream: true }));
      const result = await chatAgainst(server.url, { fetch }).generate({ ...ASK, onPartial: () => undefined });
      expect(result).toMatchObject({ text: 'plain words', finish_reason: 'length', streamed: false });
    });
  });

  describe('failures', () => {
    it('turns an HTTP 500 into ai_provider_error upstream_status 500, after one retry', async () => {
      server.onChat(() => ({ status: 500 }));
      const details = await expectIndxError(chatAgainst(server.url).generate(ASK), 'ai_provider_error');
      expect(details).toEqual({ provider: 'openai-compatible', upstream_status: 500, upstream_message: 'scripted error 500', reason: 'http' });
      expect(server.chatRequests()).toHaveLength(2);
    });

    it('names the provider and the base URL in the message', async () => {
      server.onChat(() => ({ status: 503 }));
      const error = await chatAgainst(server.url).generate(ASK).catch((caught: unknown) => caught);
      expect(isIndxError(error, 'ai_provider_error')).toBe(true);
      expect((error as Error).message).toContain(`openai-compatible at ${server.url}`);
      expect((error as Error).message).toContain('HTTP 503');
    });

    it('does not retry a refusal (HTTP 400)', async () => {
      server.onChat(() => ({ status: 400 }));
      const details = await expectIndxError(chatAgainst(server.url).generate(ASK), 'ai_provider_error');
      expect(details).toMatchObject({ upstream_status: 400, reason: 'http' });
      expect(server.chatRequests()).toHaveLength(1);
    });

    it('recovers when the retry after a 429 succeeds', async () => {
      server.onChat((_body, index) => (index === 0 ? { status: 429 } : { json: { title: 'Second try', points: [] } }));
      const result = await chatAgainst(server.url).generate({ ...ASK, json_schema: SUMMARY_SCHEMA });
      expect(result.structured).toEqual({ title: 'Second try', points: [] });
      expect(server.chatRequests()).toHaveLength(2);
    });

    it('gives up after settings.timeout_ms with reason timeout', async () => {
      server.onChat(() => ({ delay_ms: 5000 }));
      const started = Date.now();
      const details = await expectIndxError(chatAgainst(server.url, { settings: { timeout_ms: 200 } }).generate(ASK), 'ai_provider_error');
      expect(details).toMatchObject({ reason: 'timeout', upstream_status: null });
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('times out a stream too', async () => {
      server.onChat(() => ({ delay_ms: 5000 }));
      const call = chatAgainst(server.url, { settings: { timeout_ms: 200 } }).generate({ ...ASK, onPartial: () => undefined });
      expect(await expectIndxError(call, 'ai_provider_error')).toMatchObject({ reason: 'timeout', upstream_status: null });
    });

    it('still fails a stream request whose 2xx answer is neither an event stream nor a chat completion', async () => {
      const odd: typeof fetch = () => Promise.resolve(new Response(JSON.stringify({ status: 'busy' }), { status: 200, headers: { 'content-type': 'application/json' } }));
      const details = await expectIndxError(chatAgainst(server.url, { fetch: odd }).generate({ ...ASK, onPartial: () => undefined }), 'ai_provider_error');
      expect(details).toMatchObject({ reason: 'invalid_output', upstream_status: null });
    });

    it('still fails a stream request the provider refuses (HTTP 500 after one retry), JSON body or not', async () => {
      server.onChat(() => ({ status: 500, ignore_stream: true }));
      const details = await expectIndxError(chatAgainst(server.url, { fetch }).generate({ ...ASK, onPartial: () => undefined }), 'ai_provider_error');
      expect(details).toMatchObject({ upstream_status: 500, reason: 'http' });
      expect(server.chatRequests()).toHaveLength(2);
    });

    it('reports content that is not JSON as invalid_output', async () => {
      server.onChat(() => ({ content: 'Sure! Here is your summary: alpha.' }));
      const details = await expectIndxError(chatAgainst(server.url).generate({ ...ASK, json_schema: SUMMARY_SCHEMA }), 'ai_provider_error');
      expect(details).toMatchObject({ reason: 'invalid_output', upstream_status: null });
      expect(details.upstream_message).toContain('Sure! Here is your summary');
    });

    it('reports a server that is not there as a network failure, with or without an injected fetch', async () => {
      const url = server.url;
      await server.close();
      for (const injected of [fetch, undefined]) {
        const details = await expectIndxError(chatAgainst(url, { fetch: injected }).generate(ASK), 'ai_provider_error');
        expect(details).toMatchObject({ reason: 'network', upstream_status: null });
      }
    });

    it('rejects with the caller signal’s reason when the caller cancels', async () => {
      server.onChat(() => ({ delay_ms: 5000 }));
      const controller = new AbortController();
      const reason = new Error('caller went away');
      const call = chatAgainst(server.url).generate({ ...ASK, signal: controller.signal });
      void delay(50).then(() => controller.abort(reason));
      await expect(call).rejects.toBe(reason);
    });

    it('rejects at once when the signal is already aborted, sending nothing', async () => {
      const reason = new Error('already cancelled');
      await expect(chatAgainst(server.url).generate({ ...ASK, signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
      expect(server.requests).toHaveLength(0);
    });

    it('never puts the API key in the error, even when the provider echoes it', async () => {
      const echo: typeof fetch = () => Promise.resolve(new Response(JSON.stringify({ error: { message: `Incorrect API key provided: ${TEST_API_KEY}` } }), { status: 401 }));
      const error = await chatAgainst(server.url, { fetch: echo }).generate(ASK).catch((caught: unknown) => caught);
      expect(isIndxError(error, 'ai_provider_error')).toBe(true);
      expect(JSON.stringify((error as { details: unknown }).details)).not.toContain(TEST_API_KEY);
      expect((error as Error).message).not.toContain(TEST_API_KEY);
      expect((error as { details: { upstream_message: string } }).details.upstream_message).toBe('Incorrect API key provided: [redacted]');
    });

    it('cuts the upstream message to 500 characters', async () => {
      const long: typeof fetch = () => Promise.resolve(new Response(JSON.stringify({ error: { message: 'x'.repeat(2000) } }), { status: 400 }));
      const details = await expectIndxError(chatAgainst(server.url, { fetch: long }).generate(ASK), 'ai_provider_error');
      expect((details.upstream_message as string).length).toBe(500);
    });
  });
});
