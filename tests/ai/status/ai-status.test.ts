import { structuredOf } from '../../helpers/ai-surface';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';

/** GET /v1/ai/status, answered 200 with the envelope's data. */
async function statusOf(harness: AiHarness): Promise<Record<string, unknown>> {
  const response = await harness.rest('GET', '/v1/ai/status');
  expect(response.status).toBe(200);
  return (response.body as { data: Record<string, unknown> }).data;
}

// Seed 002 §10.1: ai_status is the cheap discovery handshake; it never calls a provider.
describe('ai_status over REST and MCP', () => {
  let harness: AiHarness;

  afterEach(async () => {
    await harness.dispose();
  });

  it('names the model, the limits in force and the operations on offer, and says a daily ceiling cannot bind on unknown rates', async () => {
    harness = await startAiHarness({ environment: { INDX_AI_DAILY_COST_USD: '1', INDX_AI_DENY_GLOBS: 'Private/**' } });
    const status = await statusOf(harness);
    expect(status).toMatchObject({
      enabled: true,
      available: true,
      provider: 'openai-compatible',
      model: 'test-model',
      problem: null,
      daily_cost_usd: 1,
      pricing: 'unknown',
      globs: { allow: [], deny: ['Private/**'] },
      operations: ['ai_summarize', 'ai_ask', 'ai_toc', 'ai_relate', 'ai_tag', 'ai_metadata', 'ai_extract'],
    });
    expect(structuredOf(await harness.callTool('ai_status', {}))).toEqual(status);
    expect(harness.openai.requests).toEqual([]);
  });

  it('knows the list price of a well-known model', async () => {
    harness = await startAiHarness({ environment: { INDX_AI_MODEL: 'gpt-4o-mini' } });
    expect(await statusOf(harness)).toMatchObject({ model: 'gpt-4o-mini', pricing: 'built_in' });
  });

  it('answers with AI off and the reason, without a provider', async () => {
    harness = await startAiHarness({ noProvider: true, environment: {} });
    expect(await statusOf(harness)).toMatchObject({ available: false, provider: null, pricing: null, operations: [] });
  });
});
