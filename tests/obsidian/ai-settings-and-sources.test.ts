import { AI_DEFAULTS, type AiSettings } from '../../src/core/ai/runtime/ai-settings';
import { vaultConfigSchema } from '../../src/core/config/vault-config';
import { IndxError } from '../../src/core/errors';
import { aiErrorMessage } from '../../src/hosts/obsidian/ai/ai-error-message';
import { defaultMocPath, defaultMocTitle, describeMocSource, mocScopeOf } from '../../src/hosts/obsidian/ai/moc-source';
import { baseUrlInForce, providerInForce } from '../../src/hosts/obsidian/settings/ai-provider';
import { describeAiStatus } from '../../src/hosts/obsidian/settings/ai-status-text';

const config = (raw: unknown) => vaultConfigSchema.parse(raw);

function settings(overrides: Partial<AiSettings>): AiSettings {
  return { enabled: true, chat: null, max_input_tokens: AI_DEFAULTS.max_input_tokens, max_output_tokens: AI_DEFAULTS.max_output_tokens, temperature: 0, allow_globs: [], deny_globs: [], cache: { enabled: true, ttl_hours: 24 }, daily_cost_usd: null, timeout_ms: 30_000, pricing: null, problem: null, ...overrides };
}

describe('the AI settings shown in the tab match what the runtime runs', () => {
  // resolveAiSettings: ai.provider, else the embeddings provider; a chat model alone configures
  // nothing. Embeddings: OpenAI once a model is set without a provider.
  it('shows the provider the runtime picks: OpenAI for an embedding model without any provider, None for a chat model alone', () => {
    expect(providerInForce(config({}))).toBe('none');
    expect(providerInForce(config({ ai: { provider: 'ollama' }, search: { embeddings: { provider: 'openai' } } }))).toBe('ollama');
    expect(providerInForce(config({ search: { embeddings: { provider: 'lm-studio' } } }))).toBe('lm-studio');
    expect(providerInForce(config({ ai: { model: 'gpt-4.1-mini' } }))).toBe('none');
    expect(providerInForce(config({ search: { embeddings: { model: 'text-embedding-3-small' } } }))).toBe('openai');
    expect(baseUrlInForce(config({ ai: { base_url: 'http://a:1/v1' }, search: { embeddings: { base_url: 'http://b:2/v1' } } }))).toBe('http://a:1/v1');
    expect(baseUrlInForce(config({ search: { embeddings: { base_url: 'http://b:2/v1' } } }))).toBe('http://b:2/v1');
  });

  it('states on or off with the model, the provider and any problem', () => {
    expect(describeAiStatus(null)).toBe('Shown once indx has opened this vault (after the app has loaded it, and while no other indx process holds it).');
    expect(describeAiStatus(settings({ enabled: false }))).toBe('Off: switched off in the vault configuration (ai.enabled is false).');
    expect(describeAiStatus(settings({}))).toBe('Off. Choose a provider and enter a chat model.');
    expect(describeAiStatus(settings({ problem: 'the AI provider "ollama" has no model' }))).toBe('Off: the AI provider "ollama" has no model.');
    expect(describeAiStatus(settings({ chat: { provider: 'openai-compatible', base_url: 'http://h/v1', model: 'qwen' } }))).toBe('On: qwen through Another OpenAI-compatible server.');
  });
});

describe('what "AI: build MOC" maps and where it writes', () => {
  it('maps a folder by glob and a tag by tag scope, with default notes and titles', () => {
    expect(mocScopeOf({ kind: 'folder', path: 'Projects/Web' })).toEqual({ kind: 'glob', path_glob: 'Projects/Web/**' });
    expect(mocScopeOf({ kind: 'folder', path: '' })).toEqual({ kind: 'glob', path_glob: '**' });
    expect(mocScopeOf({ kind: 'tag', tag: 'area/search' })).toEqual({ kind: 'tag', tag: 'area/search' });
    expect(defaultMocPath({ kind: 'folder', path: 'Projects/Web' })).toBe('Projects/Web/MOC.md');
    expect(defaultMocPath({ kind: 'folder', path: '' })).toBe('MOC.md');
    // A nested tag's slash would make a folder: the note stays at the root.
    expect(defaultMocPath({ kind: 'tag', tag: 'area/search' })).toBe('MOC - area-search.md');
    expect(defaultMocTitle({ kind: 'folder', path: 'Projects/Web' }, 'Vault')).toBe('Web');
    expect(defaultMocTitle({ kind: 'folder', path: '' }, 'Vault')).toBe('Vault');
    expect(describeMocSource({ kind: 'folder', path: '' })).toBe('/');
    expect(describeMocSource({ kind: 'tag', tag: 'area/search' })).toBe('#area/search');
  });

  it('sends the user to the settings for ai_unavailable and passes other messages on', () => {
    expect(aiErrorMessage(new IndxError('ai_unavailable', 'No chat model is configured.', {}))).toBe('Configure an AI provider in indx settings.');
    expect(aiErrorMessage(new IndxError('ai_quota_exceeded', 'Today’s AI spend reached the cap.', {}))).toBe('Today’s AI spend reached the cap.');
    expect(aiErrorMessage('plain')).toBe('plain');
  });
});
