import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { callSurface, dataOf, errorOf } from './call-surface';
import { MATRIX } from './operation-cases';

// Issue 7 acceptance, the errors of seed 002 §8.3 and §9 for every AI operation through MCP and
// REST against the loopback provider: ai_provider_error on an upstream 500 and on a timeout,
// ai_quota_exceeded once the day's ceiling is spent (429 with Retry-After), and ai_unavailable
// without any provider (503, nothing sent). One harness per configuration is shared by every
// row; each quota row gets its own (its spend ledger is the state under test).

const TIMEOUT_MS = 300;

let plain: AiHarness;
let slow: AiHarness;
let unconfigured: AiHarness;

beforeAll(async () => {
  [plain, slow, unconfigured] = await Promise.all([startAiHarness(), startAiHarness({ environment: { INDX_AI_TIMEOUT_MS: String(TIMEOUT_MS) } }), startAiHarness({ noProvider: true })]);
});
afterAll(async () => Promise.all([plain, slow, unconfigured].map((harness) => harness.dispose())));

const chatCount = (harness: AiHarness): number => harness.openai.chatRequests().length;

describe.each(MATRIX)('$label over $surface: errors', ({ surface, operation }) => {
  it('fails with ai_provider_error (502, details.upstream_status 500) when the provider answers HTTP 500', async () => {
    plain.openai.onChat(() => ({ status: 500 }));
    const sent = chatCount(plain);
    const error = errorOf(await callSurface(plain, surface, operation, { ...operation.input(operation.scope), cache: false }), 'ai_provider_error', 502);
    expect(error.details).toMatchObject({ upstream_status: 500, reason: 'http' });
    expect(chatCount(plain)).toBeGreaterThan(sent);
  });

  it(`fails with ai_provider_error (details.reason timeout) when the provider does not answer within INDX_AI_TIMEOUT_MS=${TIMEOUT_MS}`, async () => {
    slow.openai.onChat((body) => ({ json: operation.reply(body), delay_ms: 2000 }));
    const started = Date.now();
    const error = errorOf(await callSurface(slow, surface, operation, { ...operation.input(operation.scope), cache: false }), 'ai_provider_error', 502);
    expect(error.details).toMatchObject({ reason: 'timeout', upstream_status: null });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  describe('with a priced model and a tiny daily ceiling', () => {
    let quota: AiHarness;
    beforeAll(async () => {
      quota = await startAiHarness({ environment: { INDX_AI_MODEL: 'gpt-4o-mini', INDX_AI_DAILY_COST_USD: '0.000001' } });
      quota.openai.onChat((body) => ({ json: operation.reply(body), usage: { prompt_tokens: 1000, completion_tokens: 100 } }));
    });
    afterAll(async () => quota.dispose());

    it('answers the first call, then refuses with ai_quota_exceeded (429, Retry-After, details.reset_at) without calling the model', async () => {
      const input = operation.input(operation.oneCallScope);
      const first = dataOf(await callSurface(quota, surface, operation, input));
      expect(first.usage.cost_usd).toBeGreaterThan(0);
      const sent = chatCount(quota);
      const refused = await callSurface(quota, surface, operation, { ...input, cache: false });
      const error = errorOf(refused, 'ai_quota_exceeded', 429);
      const resetAt = Date.parse(String(error.details.reset_at));
      expect(resetAt).toBeGreaterThan(Date.now());
      expect(resetAt - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
      if (refused.headers !== null) {
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
      }
      expect(chatCount(quota)).toBe(sent);
    });
  });

  it('refuses with ai_unavailable (503 over REST, isError over MCP) and sends nothing when no provider is configured', async () => {
    const error = errorOf(await callSurface(unconfigured, surface, operation, operation.input(operation.scope)), 'ai_unavailable', 503);
    expect(error.details.required_role).toBe(operation.requiredRole);
    expect(unconfigured.openai.requests).toHaveLength(0);
  });
});
