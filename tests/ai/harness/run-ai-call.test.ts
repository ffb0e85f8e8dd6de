import type { AiWarning } from '../../../src/core/ai/ai-schemas';
import type { ChatProvider, ChatRequest, ChatResult } from '../../../src/core/ai/chat/chat-provider';
import { runAiCall, type AiCallSpec } from '../../../src/core/ai/runtime/run-ai-call';
import type { AiInvocationEvent } from '../../../src/core/audit/ai-invocation-event';
import type { OperationContext } from '../../../src/core/ops/operation-context';
import { SCOPES } from '../../../src/core/ops/scopes';
import { expectIndxError } from '../../helpers/expect-error';
import { createTempVault, waitFor, type TempVault } from '../../helpers/temp-vault';

/** A chat model answering from a script, counting its calls. */
function scriptedChat(reply: Partial<ChatResult> = {}): ChatProvider & { calls: ChatRequest[] } {
  const calls: ChatRequest[] = [];
  return {
    provider: 'openai-compatible',
    model: 'test-model',
    canStream: true,
    calls,
    generate(request) {
      calls.push(request);
      return Promise.resolve({ text: 'answer', structured: { answer: 'answer' }, usage: { input_tokens: 100, output_tokens: 20, cost_usd: 0.01 }, finish_reason: 'stop', streamed: false, ...reply });
    },
  };
}

const ENVIRONMENT = { INDX_AI_PROVIDER: 'openai-compatible', INDX_AI_BASE_URL: 'http://127.0.0.1:9/v1', INDX_AI_MODEL: 'test-model' };

/** The engine's time: noon of 2026-11-21 UTC unless a test moves it. */
let now = Date.UTC(2026, 10, 21, 12);
const clock = (): number => now;

async function openVault(chat: ChatProvider | null, environment: Record<string, string> = ENVIRONMENT): Promise<TempVault> {
  now = Date.UTC(2026, 10, 21, 12);
  return createTempVault({ 'A.md': '# A\n\nalpha\n' }, { clock, ai: { environment: chat === null ? {} : environment, ...(chat === null ? {} : { createChat: () => chat }) } });
}

function contextOf(vault: TempVault): OperationContext {
  const engine = vault.engine;
  return { host: engine.host, storage: engine.storage, etag: engine.etag, audit: engine.audit, actor: 'token:test', clock, search: null, scopes: SCOPES, ai: engine.ai, app: null, recovered: [], stateWarnings: [], offeredAiOperations: () => [] };
}

function spec(overrides: Partial<AiCallSpec<{ answer: string }>> = {}): AiCallSpec<{ answer: string }> {
  return {
    op: 'ask',
    needs: 'chat',
    input: { question: 'why?' },
    fingerprint: [{ path: 'A.md', etag: '0123456789abcdef' }],
    async produce(session) {
      const result = await session.chat({ system: 'sys', messages: [{ role: 'user', content: 'why?' }] });
      return { answer: result.text };
    },
    ...overrides,
  };
}

function invocations(vault: TempVault): AiInvocationEvent[] {
  const events: AiInvocationEvent[] = [];
  vault.engine.audit.subscribeInvocations((event) => events.push(event));
  return events;
}

describe('runAiCall', () => {
  let vault: TempVault;
  afterEach(async () => vault.dispose());

  it('refuses with ai_unavailable (required_role chat) and sends nothing when no chat model is configured', async () => {
    vault = await openVault(null);
    expect(await expectIndxError(runAiCall(contextOf(vault), spec()), 'ai_unavailable')).toMatchObject({ required_role: 'chat' });
  });

  it('produces once, then serves the identical call from the cache with zero usage and ai_cache_hit', async () => {
    const chat = scriptedChat();
    vault = await openVault(chat);
    const first = await runAiCall(contextOf(vault), spec());
    const second = await runAiCall(contextOf(vault), spec());
    expect(first.usage).toEqual({ input_tokens: 100, output_tokens: 20, cost_usd: 0.01, model_calls: 1 });
    expect(first.warnings).toEqual([]);
    expect(second).toEqual({ answer: 'answer', usage: { input_tokens: 0, output_tokens: 0, cost_usd: 0, model_calls: 0 }, warnings: [expect.objectContaining({ code: 'ai_cache_hit' })] });
    expect(chat.calls).toHaveLength(1);
  });

  it('misses the cache when a note of the fingerprint changed etag, when cache is false, and for another input', async () => {
    const chat = scriptedChat();
    vault = await openVault(chat);
    await runAiCall(contextOf(vault), spec());
    await runAiCall(contextOf(vault), spec({ fingerprint: [{ path: 'A.md', etag: 'fedcba9876543210' }] }));
    await runAiCall(contextOf(vault), spec({ input: { question: 'why?', cache: false } }));
    await runAiCall(contextOf(vault), spec({ input: { question: 'how?' } }));
    expect(chat.calls).toHaveLength(4);
  });

  it('keeps delivery and apply fields out of the cache key', async () => {
    const chat = scriptedChat();
    vault = await openVault(chat);
    await runAiCall(contextOf(vault), spec({ input: { question: 'why?', stream: true, apply: false } }));
    const again = await runAiCall(contextOf(vault), spec({ input: { question: 'why?', apply: true, idempotency_key: 'k1' } }));
    expect(chat.calls).toHaveLength(1);
    expect(again.warnings.map((warning) => warning.code)).toEqual(['ai_cache_hit']);
  });

  it('replays an idempotency key with the same input and refuses it with another input', async () => {
    const chat = scriptedChat();
    vault = await openVault(chat);
    let applied = 0;
    const withApply = (question: string) =>
      spec({
        input: { question, idempotency_key: 'key-1', cache: false },
        apply: () => {
          applied += 1;
          return Promise.resolve({});
        },
      });
    await runAiCall(contextOf(vault), withApply('why?'));
    const replay = await runAiCall(contextOf(vault), withApply('why?'));
    expect(replay.usage.model_calls).toBe(0);
    expect(applied).toBe(1);
    expect(chat.calls).toHaveLength(1);
    await expectIndxError(runAiCall(contextOf(vault), withApply('other?')), 'idempotency_key_reused');
  });

  // Seed 002 §8.2: a client retrying while its first request still runs must not pay twice.
  it('lets a duplicate sent while the first call runs wait for it and replay its result', async () => {
    const chat = scriptedChat();
    vault = await openVault(chat);
    const keyed = spec({ input: { question: 'why?', idempotency_key: 'same', cache: false } });
    const [first, second] = await Promise.all([runAiCall(contextOf(vault), keyed), runAiCall(contextOf(vault), keyed)]);
    expect(chat.calls).toHaveLength(1);
    expect([first.usage.model_calls, second.usage.model_calls].sort()).toEqual([0, 1]);
  });

  it('does not cache stream_unsupported: a later identical call served from the cache does not carry it', async () => {
    const chat = { ...scriptedChat(), canStream: false };
    vault = await openVault(chat);
    const streaming = { ...contextOf(vault), emit: () => undefined };
    const partial = spec({ produce: (session) => session.chat({ system: 's', messages: [], onPartial: () => undefined }).then((result) => ({ answer: result.text })) });
    await runAiCall(streaming, partial);
    const again = await runAiCall(contextOf(vault), partial);
    expect(again.warnings.map((warning) => warning.code)).toEqual(['ai_cache_hit']);
  });

  it('runs apply on a cached result too, and lists applied notes in the ai.invocation event', async () => {
    vault = await openVault(scriptedChat());
    const events = invocations(vault);
    const applying = spec({
      apply: (_result, session) => {
        session.applied('A.md');
        return Promise.resolve({ answer: 'applied' });
      },
    });
    await runAiCall(contextOf(vault), applying);
    const second = await runAiCall(contextOf(vault), applying);
    expect(second.answer).toBe('applied');
    expect(events.map((event) => [event.cache_hit, event.applied_paths])).toEqual([
      [false, ['A.md']],
      [true, ['A.md']],
    ]);
  });

  it('refuses model calls once the day\'s spend reaches the ceiling, with the next UTC midnight as reset_at', async () => {
    const chat = scriptedChat();
    vault = await openVault(chat, { ...ENVIRONMENT, INDX_AI_DAILY_COST_USD: '0.015' });
    const events = invocations(vault);
    await runAiCall(contextOf(vault), spec({ input: { question: 'one' } }));
    await runAiCall(contextOf(vault), spec({ input: { question: 'two' } }));
    expect(await expectIndxError(runAiCall(contextOf(vault), spec({ input: { question: 'three' } })), 'ai_quota_exceeded')).toMatchObject({ reset_at: '2026-11-22T00:00:00.000Z', retry_after_seconds: 12 * 3600 });
    expect(chat.calls).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({ ok: false, error_code: 'ai_quota_exceeded', op: 'ask' });
    now = Date.UTC(2026, 10, 22, 1);
    await expect(runAiCall(contextOf(vault), spec({ input: { question: 'four' } }))).resolves.toMatchObject({ answer: 'answer' });
  });

  // Without reservations N parallel calls would each pass the check and overshoot the ceiling N times.
  it('counts the estimated cost of calls in flight against the ceiling, and frees it when they end', async () => {
    let answer: () => void = () => undefined;
    const slow: ChatProvider & { calls: ChatRequest[] } = {
      ...scriptedChat(),
      model: 'gpt-4o-mini',
      calls: [],
      generate(request) {
        slow.calls.push(request);
        return new Promise((resolve) => {
          answer = () => resolve({ text: 'answer', usage: { input_tokens: 10, output_tokens: 10, cost_usd: 0.000001 }, finish_reason: 'stop', streamed: false });
        });
      },
    };
    // gpt-4o-mini: 2048 output tokens at 0.60 USD per million is about 0.0012 USD reserved per call.
    vault = await openVault(slow, { ...ENVIRONMENT, INDX_AI_MODEL: 'gpt-4o-mini', INDX_AI_DAILY_COST_USD: '0.001' });
    const first = runAiCall(contextOf(vault), spec({ input: { question: 'one' } }));
    await waitFor(() => slow.calls.length === 1);
    await expectIndxError(runAiCall(contextOf(vault), spec({ input: { question: 'two' } })), 'ai_quota_exceeded');
    answer();
    await first;
    const third = runAiCall(contextOf(vault), spec({ input: { question: 'three' } }));
    await waitFor(() => slow.calls.length === 2);
    answer();
    await expect(third).resolves.toMatchObject({ answer: 'answer' });
  });

  it('warns truncated when the reply hit the output cap, and clamps max_tokens to the configured maximum', async () => {
    const chat = scriptedChat({ finish_reason: 'length' });
    vault = await openVault(chat, { ...ENVIRONMENT, INDX_AI_MAX_OUTPUT_TOKENS: '300' });
    const output = await runAiCall(contextOf(vault), spec({ input: { question: 'why?', max_tokens: 5000 } }));
    expect(output.warnings.map((warning: AiWarning) => warning.code)).toEqual(['truncated']);
    expect(chat.calls[0]).toMatchObject({ max_output_tokens: 300, temperature: 0, seed: 0 });
  });

  it('refuses a prompt larger than max_input_tokens with ai_input_too_large before sending it', async () => {
    const chat = scriptedChat();
    vault = await openVault(chat, { ...ENVIRONMENT, INDX_AI_MAX_INPUT_TOKENS: '300' });
    const huge = spec({ produce: (session) => session.chat({ system: 'x'.repeat(4000), messages: [] }).then((result) => ({ answer: result.text })) });
    await expectIndxError(runAiCall(contextOf(vault), huge), 'ai_input_too_large');
    expect(chat.calls).toHaveLength(0);
  });

  it('warns stream_unsupported once when a stream is asked of a provider that cannot stream', async () => {
    const chat = { ...scriptedChat(), canStream: false };
    vault = await openVault(chat);
    const events: unknown[] = [];
    const streaming = { ...contextOf(vault), emit: (event: unknown) => void events.push(event) };
    const output = await runAiCall(streaming, spec({ produce: (session) => session.chat({ system: 's', messages: [], onPartial: () => undefined }).then((result) => ({ answer: result.text })) }));
    expect(output.warnings.map((warning) => warning.code)).toEqual(['stream_unsupported']);
    expect(events).toEqual([{ type: 'ai.usage', usage: output.usage }]);
  });

  it('warns stream_unsupported when a provider that can stream answered a streamed request whole, and not when it streamed', async () => {
    let reply: Partial<ChatResult> = { streamed: false };
    vault = await openVault({ ...scriptedChat(), generate: () => Promise.resolve({ text: 'answer', usage: { input_tokens: 1, output_tokens: 1, cost_usd: 0 }, finish_reason: 'stop', streamed: false, ...reply }) });
    const streaming = { ...contextOf(vault), emit: () => undefined };
    const streamedCall = spec({ produce: (session) => session.chat({ system: 's', messages: [], onPartial: () => undefined }).then((result) => ({ answer: result.text })) });
    expect((await runAiCall(streaming, { ...streamedCall, input: { cache: false } })).warnings.map((warning) => warning.code)).toEqual(['stream_unsupported']);
    reply = { streamed: true };
    expect((await runAiCall(streaming, { ...streamedCall, input: { cache: false } })).warnings).toEqual([]);
  });

  it('records a failed call in the audit log without prompts or outputs', async () => {
    vault = await openVault(scriptedChat());
    const events = invocations(vault);
    const failing = spec({ produce: () => Promise.reject(new Error('boom')) });
    await expect(runAiCall(contextOf(vault), failing)).rejects.toThrow('boom');
    expect(events).toEqual([expect.objectContaining({ type: 'ai.invocation', ok: false, error_code: 'internal_error', scope_paths: ['A.md'], provider: 'openai-compatible', model: 'test-model' })]);
    expect(JSON.stringify(events)).not.toContain('why?');
  });
});
