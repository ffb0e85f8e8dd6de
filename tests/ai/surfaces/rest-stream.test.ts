import type { AiInvocationEvent } from '../../../src/core/audit/ai-invocation-event';
import { waitFor } from '../../helpers/temp-vault';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { ALPHA_ANSWER, ASK_BODY, bodyOf, envelopeOf, postStream, typeRuns } from './surface-support';

// Seed 002 §7 and §10 on REST: a streaming operation asked for with Accept: text/event-stream
// answers server-sent events ending in exactly one ai.complete or ai.error; everything else
// about the REST surface (JSON, idempotency, error statuses) is unchanged.

const ASK = '/v1/ai/ask';

describe('REST event streams of AI operations', () => {
  let harness: AiHarness;
  afterEach(async () => harness.dispose());

  it('streams ai_ask as ordered events (deltas, usage, citation) closed by one ai.complete whose data is the JSON response of the same call', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ALPHA_ANSWER, usage: { prompt_tokens: 120, completion_tokens: 12 } }));
    const streamed = await postStream(harness, ASK, ASK_BODY);
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(streamed.headers.get('x-indx-operation')).toBe('ai_ask');
    const { events } = streamed;
    expect(typeRuns(events)).toEqual(['ai.partial', 'ai.usage', 'ai.citation', 'ai.complete']);
    // Every event is named by its type, and ids count the events of the stream.
    expect(events.every((event) => event.data.type === event.event)).toBe(true);
    expect(events.map((event) => event.id)).toEqual(events.map((_event, index) => String(index + 1)));
    expect(events.filter((event) => event.data.delta !== undefined).map((event) => event.data.delta).join('')).toBe(ALPHA_ANSWER.answer);
    expect(events.find((event) => event.event === 'ai.usage')?.data.usage).toEqual({ input_tokens: 120, output_tokens: 12, cost_usd: 0, model_calls: 1 });
    const json = await harness.rest('POST', ASK, ASK_BODY);
    expect(json.status).toBe(200);
    expect(events.at(-1)?.data).toEqual({ type: 'ai.complete', data: bodyOf(json.body).data });
    expect(harness.openai.chatRequests().map((body: { stream?: boolean }) => body.stream === true)).toEqual([true, false]);
  });

  it('falls back to one whole result with a stream_unsupported warning when the provider answers the stream request with a plain completion', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ALPHA_ANSWER, ignore_stream: true }));
    const streamed = await postStream(harness, ASK, ASK_BODY);
    expect([streamed.status, streamed.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^text\/event-stream/) as string]);
    expect(typeRuns(streamed.events)).toEqual(['ai.usage', 'ai.citation', 'ai.complete']);
    const complete = streamed.events.at(-1)?.data as { data: { answer: string; warnings: { code: string }[] } };
    expect(complete.data.answer).toBe(ALPHA_ANSWER.answer);
    expect(complete.data.warnings.map((warning) => warning.code)).toEqual(['stream_unsupported']);
    expect(harness.openai.chatRequests().map((body: { stream?: boolean }) => body.stream)).toEqual([true]);
    // A provider that fails for real is still ai_provider_error: a 2xx that is no chat completion, or a 500.
    harness.openai.onChat(() => ({ status: 500, ignore_stream: true }));
    const failed = await postStream(harness, ASK, ASK_BODY);
    expect([failed.status, envelopeOf(failed.text).error.code]).toEqual([502, 'ai_provider_error']);
  });

  it('answers a failure before the first event with the JSON envelope and its status, as without streaming', async () => {
    harness = await startAiHarness();
    const invalid = await postStream(harness, ASK, { retrieve: { mode: 'lexical' } });
    expect([invalid.status, invalid.headers.get('content-type'), envelopeOf(invalid.text).error.code]).toEqual([400, 'application/json; charset=utf-8', 'invalid_input']);
    harness.openai.onChat(() => ({ status: 500 }));
    const failed = await postStream(harness, ASK, ASK_BODY);
    expect([failed.status, envelopeOf(failed.text)]).toEqual([502, { ok: false, error: expect.objectContaining({ code: 'ai_provider_error' }) as object }]);
    await harness.dispose();
    harness = await startAiHarness({ noProvider: true });
    const unavailable = await postStream(harness, ASK, ASK_BODY);
    expect([unavailable.status, envelopeOf(unavailable.text).error.code]).toEqual([503, 'ai_unavailable']);
    expect(harness.openai.requests).toEqual([]);
  });

  it('closes a stream that fails after its first event with exactly one ai.error (status 200 already sent)', async () => {
    harness = await startAiHarness();
    // A reply cut off mid-JSON: the answer's first words stream, then the reply cannot be read.
    harness.openai.onChat(() => ({ content: '{"answer":"Alpha ships the sync engine and more' }));
    const { status, events } = await postStream(harness, ASK, ASK_BODY);
    expect(status).toBe(200);
    const closing = events.filter((event) => event.event === 'ai.complete' || event.event === 'ai.error');
    expect(closing).toEqual([events.at(-1)]);
    expect(events.at(-1)).toMatchObject({ event: 'ai.error', data: { type: 'ai.error', error: { code: 'ai_provider_error', message: expect.any(String) as string, details: expect.any(Object) as object } } });
    expect(events.length).toBeGreaterThan(1);
  });

  it('carries Retry-After on ai_quota_exceeded, from details.retry_after_seconds, streamed or not', async () => {
    harness = await startAiHarness({ environment: { INDX_AI_DAILY_COST_USD: '0.000001', INDX_AI_MODEL: 'gpt-4o-mini' } });
    harness.openai.onChat(() => ({ json: ALPHA_ANSWER, usage: { prompt_tokens: 1000, completion_tokens: 100 } }));
    expect((await harness.rest('POST', ASK, ASK_BODY)).status).toBe(200);
    const json = await harness.rest('POST', ASK, ASK_BODY);
    expect([json.status, bodyOf(json.body).error.code]).toEqual([429, 'ai_quota_exceeded']);
    expect(json.headers.get('retry-after')).toBe(String(bodyOf(json.body).error.details.retry_after_seconds));
    expect(Number(json.headers.get('retry-after'))).toBeGreaterThan(0);
    const streamed = await postStream(harness, ASK, ASK_BODY);
    expect(streamed.status).toBe(429);
    expect(streamed.headers.get('retry-after')).toBe(String(envelopeOf(streamed.text).error.details.retry_after_seconds));
    expect(harness.openai.chatRequests()).toHaveLength(1);
  });

  it('ignores Accept: text/event-stream for operations that do not stream, and keeps JSON when JSON is preferred', async () => {
    harness = await startAiHarness();
    const aiStatus = await harness.served.fetch('/v1/ai/status', { headers: { Accept: 'text/event-stream' } });
    expect([aiStatus.status, aiStatus.headers.get('content-type'), ((await aiStatus.json()) as { ok: boolean }).ok]).toEqual([200, 'application/json; charset=utf-8', true]);
    const status = await harness.served.fetch('/v1/vault/status', { headers: { Accept: 'text/event-stream' } });
    expect([status.status, status.headers.get('content-type')]).toEqual([200, 'application/json; charset=utf-8']);
    harness.openai.onChat(() => ({ json: ALPHA_ANSWER }));
    const preferred = await postStream(harness, ASK, ASK_BODY, { Accept: 'application/json, text/event-stream' });
    expect([preferred.status, envelopeOf(preferred.text).data.answer]).toEqual([200, ALPHA_ANSWER.answer]);
    const weighted = await postStream(harness, ASK, ASK_BODY, { Accept: 'application/json;q=0.5, text/event-stream' });
    expect(weighted.events.at(-1)?.event).toBe('ai.complete');
  });

  it('answers a streamed call that had nothing to stream with a stream of its closing event alone', async () => {
    harness = await startAiHarness();
    // A note's table of contents without descriptions makes no model call and sends no event.
    const toc = await postStream(harness, '/v1/ai/toc', { mode: 'note', path: 'Projects/Alpha.md' });
    expect(toc.status).toBe(200);
    expect(toc.events.map((event) => event.event)).toEqual(['ai.complete']);
    expect(toc.events[0]?.data.data).toMatchObject({ toc_markdown: expect.stringContaining('Goals') as string });
    expect(harness.openai.requests).toEqual([]);
  });

  it('replays an AI POST sent again with its Idempotency-Key; a streamed request skips that cache and runs', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ALPHA_ANSWER }));
    const key = { 'Idempotency-Key': 'ask-once' };
    const first = await harness.rest('POST', ASK, ASK_BODY, undefined, key);
    const second = await harness.rest('POST', ASK, ASK_BODY, undefined, key);
    expect([first.status, second.status, second.headers.get('x-indx-idempotent-replay')]).toEqual([200, 200, 'true']);
    expect(second.body).toEqual(first.body);
    expect(harness.openai.chatRequests()).toHaveLength(1);
    const streamed = await postStream(harness, ASK, ASK_BODY, key);
    expect([streamed.status, streamed.headers.get('x-indx-idempotent-replay'), streamed.events.at(-1)?.event]).toEqual([200, null, 'ai.complete']);
    expect(harness.openai.chatRequests()).toHaveLength(2);
  });

  it('aborts the call when the client goes away mid-stream', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ALPHA_ANSWER, delay_ms: 10_000 }));
    const invocations: AiInvocationEvent[] = [];
    harness.served.vault.engine.audit.subscribeInvocations((event) => void invocations.push(event));
    const controller = new AbortController();
    const request = harness.served.fetch(ASK, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' }, body: JSON.stringify(ASK_BODY), signal: controller.signal }).catch(() => null);
    await waitFor(() => harness.openai.chatRequests().length === 1, 5000);
    controller.abort();
    await request;
    // Without the abort the call would wait 10 s for the model.
    await waitFor(() => invocations.length === 1, 5000);
    expect(invocations[0]).toMatchObject({ op: 'ask', ok: false });
  });
});
