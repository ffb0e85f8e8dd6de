import { waitFor } from '../../helpers/temp-vault';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { SseReader } from '../../server/http/sse-reader';
import { ALPHA_ANSWER, ASK_BODY } from './surface-support';

// Seed 002 §12: every AI invocation is a VaultEvent of type ai.invocation on GET /v1/events,
// filterable with kinds=ai.invocation, carrying paths, usage and outcome but never prompts or
// outputs.

describe('ai.invocation on /v1/events', () => {
  let harness: AiHarness;
  afterEach(async () => harness.dispose());

  it('streams one ai.invocation per AI call (failed ones too) to a kinds=ai.invocation subscriber, without prompt or answer text', async () => {
    harness = await startAiHarness();
    harness.openai.onChat((_body, index) => (index === 0 ? { json: ALPHA_ANSWER, usage: { prompt_tokens: 50, completion_tokens: 7 } } : { status: 500 }));
    const stream = new SseReader(await harness.served.fetch('/v1/events?kinds=ai.invocation', { token: harness.served.read }));
    const others = new SseReader(await harness.served.fetch('/v1/events?kinds=audit,modify', { token: harness.served.read }));
    expect((await harness.rest('POST', '/v1/ai/ask', ASK_BODY)).status).toBe(200);
    expect((await harness.rest('POST', '/v1/ai/ask', ASK_BODY)).status).toBe(502);
    await waitFor(() => stream.events.length === 2, 2000);
    expect(stream.events.map((event) => [event.event, event.id])).toEqual([['ai.invocation', '1'], ['ai.invocation', '2']]);
    const [ok, failed] = stream.events.map((event) => JSON.parse(event.data) as Record<string, unknown>);
    expect(ok).toMatchObject({ kind: 'ai.invocation', type: 'ai.invocation', op: 'ask', actor: 'token:writer', provider: 'openai-compatible', model: 'test-model', usage: { input_tokens: 50, output_tokens: 7, cost_usd: 0, model_calls: 1 }, cache_hit: false, ok: true });
    expect(ok?.scope_paths).toContain('Projects/Alpha.md');
    expect(failed).toMatchObject({ op: 'ask', ok: false, error_code: 'ai_provider_error' });
    const text = stream.events.map((event) => event.data).join('\n');
    expect(text).not.toContain(ALPHA_ANSWER.answer);
    expect(text).not.toContain(ASK_BODY.question);
    expect(others.events).toEqual([]);
  });

  it('refuses an unknown kind and lists ai.invocation among the known ones', async () => {
    harness = await startAiHarness();
    const response = await harness.served.fetch('/v1/events?kinds=ai.invocations');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { details: { known: string[] } } }).error.details.known).toContain('ai.invocation');
  });
});
