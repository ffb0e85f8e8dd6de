import type { AiConfig } from '../../../src/core/config/ai-config';
import type { EmbeddingSettings } from '../../../src/core/config/embedding-settings';
import { AI_DEFAULTS, type AiSettings } from '../../../src/core/ai/runtime/ai-settings';
import { resolveAiSettings } from '../../../src/core/ai/runtime/resolve-ai-settings';

type Environment = Record<string, string>;
/** One row of a precedence table: name, environment, vault configuration, the knob read, its expected value. */
type PrecedenceRow = [string, Environment, Partial<AiConfig>, (settings: AiSettings) => unknown, unknown];
/** One half configuration: name, environment, vault configuration, the problem expected. */
type ProblemRow = [string, Environment, Partial<AiConfig>, RegExp];

const MINIMAL: Environment = { INDX_AI_PROVIDER: 'openai', INDX_AI_MODEL: 'gpt-4o-mini' };

function resolve(environment: Environment, config: Partial<AiConfig> = {}, embeddings: EmbeddingSettings = {}, secretKey?: string): AiSettings {
  return resolveAiSettings({ environment, config: { cache: {}, ...config }, embeddings, secretKey });
}

describe('resolveAiSettings', () => {
  it('gives the seed 002 §2 defaults when nothing is configured, with no chat and no problem', () => {
    expect(resolve({})).toEqual({
      enabled: true,
      chat: null,
      max_input_tokens: AI_DEFAULTS.max_input_tokens,
      max_output_tokens: AI_DEFAULTS.max_output_tokens,
      temperature: 0,
      allow_globs: [],
      deny_globs: [],
      cache: { enabled: true, ttl_hours: 24 },
      daily_cost_usd: null,
      timeout_ms: 30_000,
      pricing: null,
      problem: null,
    });
  });

  it('resolves a provider and model from the environment, with the provider default base URL and key', () => {
    const settings = resolve({ ...MINIMAL, INDX_OPENAI_API_KEY: 'sk-env' });
    expect(settings.chat).toEqual({ provider: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt-4o-mini', api_key: 'sk-env' });
    expect(settings.problem).toBeNull();
  });

  // Each safety knob: the environment wins over the vault configuration.
  describe('safety knobs: the environment wins', () => {
    it.each([
      ['enabled off in env', { INDX_AI_ENABLED: 'false' }, { enabled: true }, (s) => s.enabled, false],
      ['enabled 0 in env', { INDX_AI_ENABLED: '0' }, {}, (s) => s.enabled, false],
      ['enabled off in config', { INDX_AI_ENABLED: 'true' }, { enabled: false }, (s) => s.enabled, false],
      ['cache off in env', { INDX_AI_CACHE: 'off' }, { cache: { enabled: true } }, (s) => s.cache.enabled, false],
      ['cache off in config', { INDX_AI_CACHE: 'on' }, { cache: { enabled: false } }, (s) => s.cache.enabled, false],
      ['daily cost', { INDX_AI_DAILY_COST_USD: '0.5' }, { daily_cost_usd: 10 }, (s) => s.daily_cost_usd, 0.5],
      ['daily cost from config', {}, { daily_cost_usd: 10 }, (s) => s.daily_cost_usd, 10],
      ['timeout', { INDX_AI_TIMEOUT_MS: '5000' }, { timeout_ms: 60_000 }, (s) => s.timeout_ms, 5000],
      ['timeout from config', {}, { timeout_ms: 60_000 }, (s) => s.timeout_ms, 60_000],
      ['provider', { INDX_AI_PROVIDER: 'ollama', INDX_AI_MODEL: 'llama3.1:8b' }, { provider: 'openai' }, (s) => s.chat?.provider, 'ollama'],
      ['provider from config', { INDX_AI_MODEL: 'm' }, { provider: 'lm-studio' }, (s) => s.chat?.provider, 'lm-studio'],
      ['base URL', { ...MINIMAL, INDX_AI_BASE_URL: 'http://env.test/v1' }, { base_url: 'http://config.test/v1' }, (s) => s.chat?.base_url, 'http://env.test/v1'],
      ['INDX_OPENAI_BASE_URL', { ...MINIMAL, INDX_OPENAI_BASE_URL: 'http://openai-env.test/v1' }, { base_url: 'http://config.test/v1' }, (s) => s.chat?.base_url, 'http://openai-env.test/v1'],
      ['INDX_AI_BASE_URL before INDX_OPENAI_BASE_URL', { ...MINIMAL, INDX_AI_BASE_URL: 'http://ai.test/v1', INDX_OPENAI_BASE_URL: 'http://openai.test/v1' }, {}, (s) => s.chat?.base_url, 'http://ai.test/v1'],
      ['base URL from config', MINIMAL, { base_url: 'http://config.test/v1' }, (s) => s.chat?.base_url, 'http://config.test/v1'],
    ] satisfies PrecedenceRow[])('%s', (_name, environment, config, read, expected) => {
      expect(read(resolve(environment, config))).toEqual(expected);
    });
  });

  // Each tuning knob: the vault configuration wins; the environment fills what it leaves unset.
  describe('tuning knobs: the vault configuration wins', () => {
    it.each([
      ['model', { ...MINIMAL, INDX_AI_MODEL: 'env-model' }, { model: 'config-model' }, (s) => s.chat?.model, 'config-model'],
      ['model from env', { ...MINIMAL, INDX_AI_MODEL: 'env-model' }, {}, (s) => s.chat?.model, 'env-model'],
      ['max_input_tokens', { INDX_AI_MAX_INPUT_TOKENS: '1000' }, { max_input_tokens: 2000 }, (s) => s.max_input_tokens, 2000],
      ['max_input_tokens from env', { INDX_AI_MAX_INPUT_TOKENS: '1000' }, {}, (s) => s.max_input_tokens, 1000],
      ['max_output_tokens', { INDX_AI_MAX_OUTPUT_TOKENS: '100' }, { max_output_tokens: 200 }, (s) => s.max_output_tokens, 200],
      ['max_output_tokens from env', { INDX_AI_MAX_OUTPUT_TOKENS: '100' }, {}, (s) => s.max_output_tokens, 100],
      ['temperature', { INDX_AI_TEMPERATURE: '0.7' }, { temperature: 0.2 }, (s) => s.temperature, 0.2],
      ['temperature from env', { INDX_AI_TEMPERATURE: '0.7' }, {}, (s) => s.temperature, 0.7],
      ['allow_globs', { INDX_AI_ALLOW_GLOBS: 'Env/**' }, { allow_globs: ['Config/**'] }, (s) => s.allow_globs, ['Config/**']],
      ['allow_globs from env (comma list)', { INDX_AI_ALLOW_GLOBS: ' Notes/**, ,Projects/*.md ' }, {}, (s) => s.allow_globs, ['Notes/**', 'Projects/*.md']],
      ['cache ttl', {}, { cache: { ttl_hours: 2 } }, (s) => s.cache.ttl_hours, 2],
      ['pricing', {}, { pricing: { input_usd_per_million: 1, output_usd_per_million: 2 } }, (s) => s.pricing, { input_usd_per_million: 1, output_usd_per_million: 2 }],
    ] satisfies PrecedenceRow[])('%s', (_name, environment, config, read, expected) => {
      expect(read(resolve(environment, config))).toEqual(expected);
    });
  });

  it('unions the deny globs of the environment and the configuration: deny lists only grow', () => {
    const settings = resolve({ INDX_AI_DENY_GLOBS: 'Private/**,Journal/**' }, { deny_globs: ['Journal/**', 'Secrets/*.md'] });
    expect(settings.deny_globs).toEqual(['Private/**', 'Journal/**', 'Secrets/*.md']);
    // A vault configuration with an empty deny list cannot lift the operator's.
    expect(resolve({ INDX_AI_DENY_GLOBS: 'Private/**' }, { deny_globs: [] }).deny_globs).toEqual(['Private/**']);
  });

  describe('keys', () => {
    it('prefers INDX_AI_API_KEY, then the provider key, then the secret storage', () => {
      expect(resolve({ ...MINIMAL, INDX_AI_API_KEY: 'ai', INDX_OPENAI_API_KEY: 'openai' }, {}, {}, 'secret').chat?.api_key).toBe('ai');
      expect(resolve({ ...MINIMAL, INDX_OPENAI_API_KEY: 'openai' }, {}, {}, 'secret').chat?.api_key).toBe('openai');
      expect(resolve(MINIMAL, {}, {}, 'secret').chat?.api_key).toBe('secret');
      expect(resolve(MINIMAL).chat).not.toHaveProperty('api_key');
    });

    it('uses INDX_AI_GATEWAY_KEY for the Vercel AI Gateway, not the OpenAI key', () => {
      const environment = { INDX_AI_PROVIDER: 'vercel-ai-gateway', INDX_AI_MODEL: 'openai/gpt-4o-mini', INDX_AI_GATEWAY_KEY: 'gateway', INDX_OPENAI_API_KEY: 'openai' };
      expect(resolve(environment).chat).toEqual({ provider: 'vercel-ai-gateway', base_url: 'https://ai-gateway.vercel.sh/v1', model: 'openai/gpt-4o-mini', api_key: 'gateway' });
    });
  });

  describe('falling back to the embeddings provider', () => {
    it('takes the embeddings provider and its base URL when the chat role names none', () => {
      const settings = resolve({ INDX_AI_MODEL: 'llama3.1:8b' }, {}, { provider: 'ollama', base_url: 'http://gpu-box:11434/v1' });
      expect(settings.chat).toEqual({ provider: 'ollama', base_url: 'http://gpu-box:11434/v1', model: 'llama3.1:8b' });
    });

    it('takes INDX_EMBEDDINGS_PROVIDER before the embeddings block', () => {
      const settings = resolve({ INDX_AI_MODEL: 'm', INDX_EMBEDDINGS_PROVIDER: 'lm-studio' }, {}, { provider: 'ollama' });
      expect(settings.chat).toMatchObject({ provider: 'lm-studio', base_url: 'http://127.0.0.1:1234/v1' });
    });

    it('does not borrow the embeddings base URL for another provider', () => {
      const settings = resolve({ INDX_AI_PROVIDER: 'openai', INDX_AI_MODEL: 'gpt-4o' }, {}, { provider: 'ollama', base_url: 'http://gpu-box:11434/v1' });
      expect(settings.chat?.base_url).toBe('https://api.openai.com/v1');
    });

    it('is not a half configuration when only embeddings are set (semantic search without chat)', () => {
      const settings = resolve({ INDX_EMBEDDINGS_PROVIDER: 'openai', INDX_EMBEDDINGS_MODEL: 'text-embedding-3-small' });
      expect(settings).toMatchObject({ chat: null, problem: null });
    });

    // A model alone must not send notes to a default host: where requests go is named explicitly.
    it('has no chat model, and says why, when a model is named and no provider at all', () => {
      const settings = resolve({ INDX_AI_MODEL: 'gpt-4.1' });
      expect(settings.chat).toBeNull();
      expect(settings.problem).toMatch(/no provider: set INDX_AI_PROVIDER or ai.provider/);
    });
  });

  describe('half configurations: chat null and a problem, never a throw', () => {
    it.each([
      ['a provider without a model', { INDX_AI_PROVIDER: 'openai' }, {}, /"openai" has no model/],
      ['a configured provider without a model', {}, { provider: 'ollama' }, /"ollama" has no model/],
      ['openai-compatible without a base URL', { INDX_AI_PROVIDER: 'openai-compatible', INDX_AI_MODEL: 'm' }, {}, /needs a base URL/],
      ['an unknown provider name in the environment', { INDX_AI_PROVIDER: 'anthropic', INDX_AI_MODEL: 'm' }, {}, /INDX_AI_PROVIDER is "anthropic", not a known provider/],
      ['an unknown embeddings provider used as fallback', { INDX_AI_MODEL: 'm', INDX_EMBEDDINGS_PROVIDER: 'cohere' }, {}, /INDX_EMBEDDINGS_PROVIDER is "cohere"/],
      ['a base URL that is not a URL', { ...MINIMAL, INDX_AI_BASE_URL: 'localhost:11434' }, {}, /INDX_AI_BASE_URL is "localhost:11434", not an http\(s\) URL/],
      ['a timeout with a unit', { ...MINIMAL, INDX_AI_TIMEOUT_MS: '30s' }, {}, /INDX_AI_TIMEOUT_MS is "30s", not a whole number/],
      ['a timeout in exponent notation', { ...MINIMAL, INDX_AI_TIMEOUT_MS: '1e3' }, {}, /INDX_AI_TIMEOUT_MS is "1e3"/],
      ['a negative daily cost', { ...MINIMAL, INDX_AI_DAILY_COST_USD: '-1' }, {}, /INDX_AI_DAILY_COST_USD is "-1", not a number/],
      ['a temperature out of range', { ...MINIMAL, INDX_AI_TEMPERATURE: '3' }, {}, /INDX_AI_TEMPERATURE is "3", not a number from 0 to 2/],
      ['max output tokens that is not a number', { ...MINIMAL, INDX_AI_MAX_OUTPUT_TOKENS: 'lots' }, {}, /INDX_AI_MAX_OUTPUT_TOKENS/],
      ['an enabled switch that is neither on nor off', { ...MINIMAL, INDX_AI_ENABLED: 'maybe' }, {}, /INDX_AI_ENABLED is "maybe"; use on or off/],
    ] satisfies ProblemRow[])('%s', (_name, environment, config, problem) => {
      let settings: AiSettings | undefined;
      expect(() => (settings = resolve(environment, config))).not.toThrow();
      expect(settings?.chat).toBeNull();
      expect(settings?.problem).toMatch(problem);
    });

    it('keeps the default of a knob whose environment value is unparsable', () => {
      expect(resolve({ ...MINIMAL, INDX_AI_TIMEOUT_MS: 'soon' }).timeout_ms).toBe(AI_DEFAULTS.timeout_ms);
    });

    it('lists every problem found', () => {
      const settings = resolve({ INDX_AI_PROVIDER: 'openai', INDX_AI_TIMEOUT_MS: 'x' });
      expect(settings.problem).toContain('INDX_AI_TIMEOUT_MS');
      expect(settings.problem).toContain('has no model');
    });
  });

  it('still resolves the chat model when switched off (ai_status shows what is configured)', () => {
    const settings = resolve({ ...MINIMAL, INDX_AI_ENABLED: 'off' });
    expect(settings.enabled).toBe(false);
    expect(settings.chat?.model).toBe('gpt-4o-mini');
  });
});
