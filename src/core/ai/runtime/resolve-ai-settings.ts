import type { AiConfig } from '../../config/ai-config';
import { EMBEDDING_PROVIDERS, type EmbeddingProviderName, type EmbeddingSettings } from '../../config/embedding-settings';
import { defaultBaseUrl, keyFor, nonEmpty } from '../resolve-embedding-provider';
import { AI_DEFAULTS, type AiSettings, type ChatProviderConfig } from './ai-settings';

/** Where the AI runtime's settings come from. */
export interface AiSettingsSources {
  /** `INDX_AI_*`, `INDX_EMBEDDINGS_*`, `INDX_OPENAI_*` variables (the process's headless; none in the plugin). */
  environment: Readonly<Record<string, string | undefined>>;
  /** The vault configuration's `ai` block. */
  config: AiConfig;
  /** The vault configuration's `search.embeddings` block: the chat role falls back to its provider. */
  embeddings: EmbeddingSettings;
  /** A key from the app's secret storage, used when the environment has none. */
  secretKey?: string;
}

type Environment = AiSettingsSources['environment'];

/** Problems found while reading the sources; any one of them leaves the runtime without a chat model. */
type Problems = string[];

/**
 * The AI runtime's settings from the environment and the vault configuration (seed 002 §2).
 *
 * The environment wins for the safety knobs, so an operator can lock the runtime down whatever
 * the vault file says: `enabled` (INDX_AI_ENABLED=false|0|off or `ai.enabled: false`: either
 * one switches it off), the provider, its address and key, the daily cost ceiling, the timeout
 * and switching the cache off. The vault configuration wins for the tuning knobs (model, token
 * limits, temperature, allow globs, cache lifetime, pricing), the environment filling what it
 * leaves unset.
 *
 * Security: the deny globs are the union of INDX_AI_DENY_GLOBS and `ai.deny_globs`. Deny lists
 * only grow: an agent holding vault:admin can rewrite the vault configuration through
 * vault_config_set, and must not be able to lift a deny list the operator set in the
 * environment to keep notes away from the provider.
 *
 * Never throws: a half configuration (a provider without a model, openai-compatible without a
 * base URL, an unknown provider name, an unparsable number) gives `chat: null` and a `problem`
 * saying what to fix; nothing configured at all gives `chat: null` and no problem.
 */
export function resolveAiSettings(sources: AiSettingsSources): AiSettings {
  const { environment, config } = sources;
  const problems: Problems = [];
  const settings: AiSettings = {
    enabled: resolveEnabled(environment, config, problems),
    chat: null,
    max_input_tokens: config.max_input_tokens ?? environmentNumber(environment, 'INDX_AI_MAX_INPUT_TOKENS', wholeNumber(256, 2_000_000), problems) ?? AI_DEFAULTS.max_input_tokens,
    max_output_tokens: config.max_output_tokens ?? environmentNumber(environment, 'INDX_AI_MAX_OUTPUT_TOKENS', wholeNumber(16, 200_000), problems) ?? AI_DEFAULTS.max_output_tokens,
    temperature: config.temperature ?? environmentNumber(environment, 'INDX_AI_TEMPERATURE', decimalNumber(0, 2), problems) ?? AI_DEFAULTS.temperature,
    allow_globs: config.allow_globs ?? globList(environment.INDX_AI_ALLOW_GLOBS),
    ...(config.allow_globs === undefined ? {} : { operator_allow_globs: globList(environment.INDX_AI_ALLOW_GLOBS) }),
    deny_globs: [...new Set([...globList(environment.INDX_AI_DENY_GLOBS), ...(config.deny_globs ?? [])])],
    cache: { enabled: resolveCacheEnabled(environment, config, problems), ttl_hours: config.cache?.ttl_hours ?? AI_DEFAULTS.ttl_hours },
    daily_cost_usd: resolveDailyCost(environment, config, problems),
    timeout_ms: environmentNumber(environment, 'INDX_AI_TIMEOUT_MS', wholeNumber(1, 600_000), problems) ?? config.timeout_ms ?? AI_DEFAULTS.timeout_ms,
    pricing: config.pricing ?? null,
    problem: null,
  };
  const chat = resolveChat(sources, problems);
  return { ...settings, chat: problems.length === 0 ? chat : null, problem: problems.length === 0 ? null : problems.join('; ') };
}

function resolveEnabled(environment: Environment, config: AiConfig, problems: Problems): boolean {
  const fromEnvironment = environmentSwitch(environment, 'INDX_AI_ENABLED', problems);
  return fromEnvironment !== false && config.enabled !== false;
}

function resolveCacheEnabled(environment: Environment, config: AiConfig, problems: Problems): boolean {
  const fromEnvironment = environmentSwitch(environment, 'INDX_AI_CACHE', problems);
  return fromEnvironment !== false && config.cache?.enabled !== false;
}

function resolveDailyCost(environment: Environment, config: AiConfig, problems: Problems): number | null {
  return environmentNumber(environment, 'INDX_AI_DAILY_COST_USD', decimalNumber(0, 1_000_000), problems) ?? config.daily_cost_usd ?? null;
}

/** The chat model's provider, address, key and model; null when none is configured or it is half configured. */
function resolveChat(sources: AiSettingsSources, problems: Problems): ChatProviderConfig | null {
  const { environment, config } = sources;
  const explicit = providerName(environment, 'INDX_AI_PROVIDER', problems) ?? config.provider;
  const model = config.model ?? nonEmpty(environment.INDX_AI_MODEL);
  if (model === undefined) {
    if (explicit !== undefined) problems.push(`the AI provider "${explicit}" has no model: set ai.model in the vault configuration or INDX_AI_MODEL`);
    return null;
  }
  const provider = explicit ?? providerName(environment, 'INDX_EMBEDDINGS_PROVIDER', problems) ?? sources.embeddings.provider;
  if (provider === undefined) {
    // A model alone must not send notes anywhere: the provider (and so where requests go) is named explicitly.
    problems.push(`the chat model "${model}" has no provider: set INDX_AI_PROVIDER or ai.provider (${EMBEDDING_PROVIDERS.join(', ')})`);
    return null;
  }
  const baseUrl = resolveBaseUrl(sources, provider, problems);
  if (baseUrl === undefined) return null;
  const apiKey = nonEmpty(environment.INDX_AI_API_KEY) ?? keyFor(provider, environment) ?? nonEmpty(sources.secretKey);
  return { provider, base_url: baseUrl, model, ...(apiKey === undefined ? {} : { api_key: apiKey }) };
}

function resolveBaseUrl(sources: AiSettingsSources, provider: EmbeddingProviderName, problems: Problems): string | undefined {
  const { environment, config, embeddings } = sources;
  const fromEnvironment = environmentUrl(environment, 'INDX_AI_BASE_URL', problems) ?? environmentUrl(environment, 'INDX_OPENAI_BASE_URL', problems);
  const embeddingsProvider = toProviderName(nonEmpty(environment.INDX_EMBEDDINGS_PROVIDER)) ?? embeddings.provider;
  const shared = embeddingsProvider === provider ? (nonEmpty(environment.INDX_EMBEDDINGS_BASE_URL) ?? embeddings.base_url) : undefined;
  const baseUrl = fromEnvironment ?? config.base_url ?? shared ?? defaultBaseUrl(provider);
  if (baseUrl === undefined) problems.push('the openai-compatible AI provider needs a base URL: set ai.base_url in the vault configuration or INDX_AI_BASE_URL');
  return baseUrl;
}

function providerName(environment: Environment, name: string, problems: Problems): EmbeddingProviderName | undefined {
  const value = nonEmpty(environment[name]);
  if (value === undefined || toProviderName(value) !== undefined) return toProviderName(value);
  problems.push(`${name} is "${value}", not a known provider (use one of ${EMBEDDING_PROVIDERS.join(', ')})`);
  return undefined;
}

function toProviderName(value: string | undefined): EmbeddingProviderName | undefined {
  return (EMBEDDING_PROVIDERS as readonly (string | undefined)[]).includes(value) ? (value as EmbeddingProviderName) : undefined;
}

function environmentUrl(environment: Environment, name: string, problems: Problems): string | undefined {
  const value = nonEmpty(environment[name]);
  if (value === undefined || /^https?:\/\/[^\s/]+/i.test(value)) return value;
  problems.push(`${name} is "${value}", not an http(s) URL`);
  return undefined;
}

const SWITCHES: Readonly<Record<string, boolean>> = { true: true, '1': true, on: true, yes: true, false: false, '0': false, off: false, no: false };

function environmentSwitch(environment: Environment, name: string, problems: Problems): boolean | undefined {
  const value = nonEmpty(environment[name])?.toLowerCase();
  if (value === undefined) return undefined;
  const parsed = SWITCHES[value];
  if (parsed === undefined) problems.push(`${name} is "${value}"; use on or off`);
  return parsed;
}

/** How an environment number is read: its pattern, what it must be, and its range. */
interface NumberFormat {
  pattern: RegExp;
  what: string;
  min: number;
  max: number;
}

function wholeNumber(min: number, max: number): NumberFormat {
  return { pattern: /^\d+$/, what: 'a whole number', min, max };
}

function decimalNumber(min: number, max: number): NumberFormat {
  return { pattern: /^\d+(\.\d+)?$/, what: 'a number', min, max };
}

// Strict: "30s", "1e3", "0x10" or "" are not numbers here, whatever Number() would make of them.
function environmentNumber(environment: Environment, name: string, format: NumberFormat, problems: Problems): number | undefined {
  const value = nonEmpty(environment[name]);
  if (value === undefined) return undefined;
  const number = format.pattern.test(value) ? Number(value) : Number.NaN;
  if (number >= format.min && number <= format.max) return number;
  problems.push(`${name} is "${value}", not ${format.what} from ${format.min} to ${format.max}`);
  return undefined;
}

function globList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((glob) => glob.trim()).filter((glob) => glob !== '');
}
