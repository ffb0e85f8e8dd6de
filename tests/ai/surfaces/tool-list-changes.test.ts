import { LOCAL_CALLER } from '../../../src/core/engine';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { waitFor } from '../../helpers/temp-vault';

// Seed 002 §2: the AI tools are offered only while a provider is configured. A session that stays
// open while the user configures one (the plugin applies settings at once) learns of it.
describe('the tool list of an open MCP session follows the AI configuration', () => {
  let harness: AiHarness;

  beforeEach(async () => {
    harness = await startAiHarness({ noProvider: true });
  });

  afterEach(async () => {
    await harness.dispose();
  });

  it('adds the AI tools with tools/list_changed when a chat model is configured, and removes them when it is switched off', async () => {
    const client = await harness.connect();
    let changes = 0;
    client.setNotificationHandler('notifications/tools/list_changed', () => void (changes += 1));
    const aiTools = async () => (await client.listTools()).tools.map((tool) => tool.name).filter((name) => name.startsWith('ai_'));
    expect(await aiTools()).toEqual([]);
    const engine = harness.served.vault.engine;
    await engine.call('vault_config_set', { config: { ai: { provider: 'openai-compatible', base_url: harness.openai.url, model: 'test-model' } } }, LOCAL_CALLER);
    await waitFor(() => changes > 0);
    expect((await aiTools()).sort()).toEqual(['ai_ask', 'ai_extract', 'ai_metadata', 'ai_relate', 'ai_status', 'ai_summarize', 'ai_tag', 'ai_toc']);
    const before = changes;
    await engine.call('vault_config_set', { config: { ai: { enabled: false } } }, LOCAL_CALLER);
    await waitFor(() => changes > before);
    expect(await aiTools()).toEqual([]);
    expect(harness.openai.requests).toEqual([]);
  });

  it('sends nothing when a configuration change leaves the offer as it was', async () => {
    const client = await harness.connect();
    let changes = 0;
    client.setNotificationHandler('notifications/tools/list_changed', () => void (changes += 1));
    await harness.served.vault.engine.call('vault_config_set', { config: { ai: { temperature: 0.5 } } }, LOCAL_CALLER);
    await client.listTools();
    expect(changes).toBe(0);
  });
});
