import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { callSurface, dataOf, errorOf, sentText, warningCodesOf } from './call-surface';
import { collectCitations } from './collect-citations';
import { DRIFT_PATH, MATRIX, PRIVATE_PATH } from './operation-cases';
import { restoreNote, writeNote } from './vault-disk';

// Issue 7 acceptance, the warnings of seed 002 §6, §8.1 and §9 for every AI operation through MCP
// and REST against the loopback provider: ai_cache_hit, truncated, citation_drift (or
// ai_grounding_failed where nothing else is grounded), and globs_excluded with nothing of the
// deny-globbed note sent. Each case passes its own `seed`, so no case hits another's cache entry.

const ZERO_USAGE = { input_tokens: 0, output_tokens: 0, cost_usd: 0, model_calls: 0 };

describe.each(MATRIX)('$label over $surface: warnings', ({ surface, operation }) => {
  let harness: AiHarness;
  beforeAll(async () => {
    harness = await startAiHarness({ environment: { INDX_AI_DENY_GLOBS: 'Private/**' } });
  });
  afterAll(async () => harness.dispose());
  beforeEach(() => harness.openai.onChat((body) => ({ json: operation.reply(body) })));

  const call = (input: object) => callSurface(harness, surface, operation, input);
  const chatCount = (): number => harness.openai.chatRequests().length;

  it('serves the identical second call from the cache: ai_cache_hit, zero usage, no new chat request', async () => {
    const input = { ...operation.input(operation.scope), seed: 11 };
    const first = dataOf(await call(input));
    expect(first.usage.model_calls).toBeGreaterThan(0);
    expect(warningCodesOf(first)).not.toContain('ai_cache_hit');
    const sent = chatCount();
    const second = dataOf(await call(input));
    expect(warningCodesOf(second)).toContain('ai_cache_hit');
    expect(second.usage).toEqual(ZERO_USAGE);
    expect(chatCount()).toBe(sent);
    expect(collectCitations(second)).toEqual(collectCitations(first));
  });

  it('warns truncated when the reply stopped at the output cap (finish_reason length)', async () => {
    harness.openai.onChat((body) => ({ json: operation.reply(body), finish_reason: 'length' }));
    const output = dataOf(await call({ ...operation.input(operation.scope), seed: 12, cache: false }));
    expect(warningCodesOf(output)).toContain('truncated');
  });

  it(`handles a cited note rewritten while the model answers: ${operation.drift === 'warning' ? 'citation dropped with citation_drift' : 'ai_grounding_failed naming the drifted citation'}`, async () => {
    let rewritten = false;
    harness.openai.onChat(async (body) => {
      if (!rewritten) await writeNote(harness, DRIFT_PATH, '# Alpha\n\nRewritten while the model was answering.\n');
      rewritten = true;
      return { json: operation.reply(body) };
    });
    try {
      const outcome = await call({ ...operation.input(operation.scope), seed: 13, cache: false });
      expect(rewritten).toBe(true);
      if (operation.drift === 'warning') {
        const output = dataOf(outcome);
        expect(output.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'citation_drift', path: DRIFT_PATH, details: expect.objectContaining({ reason: 'etag_changed' }) as unknown })]));
        expect(collectCitations(output).map((citation) => citation.path)).not.toContain(DRIFT_PATH);
        expect(collectCitations(output).length).toBeGreaterThan(0);
      } else {
        const error = errorOf(outcome, 'ai_grounding_failed', 422);
        expect(error.details.dropped).toEqual(expect.arrayContaining([expect.objectContaining({ path: DRIFT_PATH, reason: 'etag_changed' })]));
      }
    } finally {
      await restoreNote(harness, DRIFT_PATH);
    }
  });

  if (operation.scoped) {
    it('leaves a deny-globbed note of the scope out with globs_excluded; none of its text reaches the provider', async () => {
      const output = dataOf(await call({ ...operation.input([...operation.scope, PRIVATE_PATH]), seed: 14, cache: false }));
      expect(output.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'globs_excluded', details: expect.objectContaining({ paths: [PRIVATE_PATH] }) as unknown })]));
      expect(output.usage.model_calls).toBeGreaterThan(0);
      expect(collectCitations(output).map((citation) => citation.path)).not.toContain(PRIVATE_PATH);
      expect(sentText(harness)).not.toContain('SECRET-DIARY-TEXT');
      expect(sentText(harness)).not.toContain(PRIVATE_PATH);
    });
  } else {
    it('refuses to describe a deny-globbed note with path_forbidden (one note, no scope to drop it from) and sends nothing', async () => {
      const sent = harness.openai.requests.length;
      errorOf(await call({ ...operation.input([PRIVATE_PATH]), seed: 14, cache: false }), 'path_forbidden', 403);
      expect(harness.openai.requests).toHaveLength(sent);
      expect(sentText(harness)).not.toContain('SECRET-DIARY-TEXT');
    });
  }
});
