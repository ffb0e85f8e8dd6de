import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { callSurface, dataOf, errorOf, warningCodesOf, type AiOutput } from './call-surface';
import { MATRIX } from './operation-cases';

// Issue 7 acceptance, seed 002 §8.2 for every AI operation through MCP and REST: the body field
// `idempotency_key` replays the stored result for the same body (no new model call) and refuses
// a different body under the same key with idempotency_key_reused (409). Every call passes
// `cache: false`, so a replay cannot come from the result cache.

/** An output without the fields a replay changes (usage, warnings). */
function resultFieldsOf(output: AiOutput): Record<string, unknown> {
  const { usage: _usage, warnings: _warnings, ...fields } = output;
  return fields;
}

describe.each(MATRIX)('$label over $surface: idempotency_key', ({ surface, operation }) => {
  let harness: AiHarness;
  beforeAll(async () => {
    harness = await startAiHarness();
    harness.openai.onChat((body) => ({ json: operation.reply(body) }));
  });
  afterAll(async () => harness.dispose());

  const call = (input: object) => callSurface(harness, surface, operation, input);
  const chatCount = (): number => harness.openai.chatRequests().length;

  it('replays the stored result for the same key and body: same result, zero usage, no new chat request', async () => {
    const input = { ...operation.input(operation.scope), cache: false, idempotency_key: `${surface}-replay` };
    const first = dataOf(await call(input));
    expect(first.usage.model_calls).toBeGreaterThan(0);
    const sent = chatCount();
    const replay = dataOf(await call(input));
    expect(chatCount()).toBe(sent);
    expect(resultFieldsOf(replay)).toEqual(resultFieldsOf(first));
    expect(replay.usage).toEqual({ input_tokens: 0, output_tokens: 0, cost_usd: 0, model_calls: 0 });
    expect(warningCodesOf(replay)).toContain('ai_cache_hit');
    // Without the key the same body is generated again (cache: false): the replay above came from the key.
    dataOf(await call({ ...input, idempotency_key: undefined }));
    expect(chatCount()).toBeGreaterThan(sent);
  });

  it('refuses a different body under a used key with idempotency_key_reused (409), calling no model', async () => {
    const input = { ...operation.input(operation.scope), cache: false, idempotency_key: `${surface}-reused` };
    dataOf(await call(input));
    const sent = chatCount();
    const error = errorOf(await call({ ...input, seed: 7 }), 'idempotency_key_reused', 409);
    expect(error.details).toEqual({ idempotency_key: `${surface}-reused` });
    expect(chatCount()).toBe(sent);
  });
});
