import { DEFAULT_BASE_URLS, EMBEDDING_PROVIDERS, type EmbeddingProviderName, type EmbeddingSettings } from '../config/embedding-settings';
import { IndxError } from '../errors';
import type { EmbeddingProviderConfigInput } from './embedding-provider-config';

/** Where embeddings settings come from. */
export interface EmbeddingSources {
  /** Environment variables (the process's in the headless server). */
  environment: Readonly<Record<string, string | undefined>>;
  /** The vault configuration's `search.embeddings` block (or the plugin's settings). */
  settings: EmbeddingSettings;
  /** A key from the app's secret storage, used when the environment has none. */
  secretKey?: string;
}

/**
 * The embeddings provider to use, or null when none is configured (search stays lexical and
 * no request is ever made). Precedence, as seed 002 §2 sets it: the environment wins for what
 * is about safety (provider, address, key: `INDX_EMBEDDINGS_PROVIDER`, `INDX_EMBEDDINGS_BASE_URL`
 * or `INDX_OPENAI_BASE_URL`, `INDX_EMBEDDINGS_API_KEY` or `INDX_OPENAI_API_KEY`, and
 * `INDX_AI_GATEWAY_KEY` for the gateway), the vault configuration for tuning (model,
 * dimensions, batch size; `INDX_EMBEDDINGS_MODEL` and `INDX_EMBEDDINGS_DIMENSIONS` when it has
 * none). Throws `invalid_input` for a half configuration (a provider without a model, an
 * unknown provider, openai-compatible without an address).
 */
export function resolveEmbeddingProvider(sources: EmbeddingSources): EmbeddingProviderConfigInput | null {
  const { environment, settings } = sources;
  const provider = toProviderName(nonEmpty(environment.INDX_EMBEDDINGS_PROVIDER) ?? settings.provider);
  const model = settings.model ?? nonEmpty(environment.INDX_EMBEDDINGS_MODEL);
  if (provider === undefined && model === undefined) return null;
  if (model === undefined) throw halfConfigured('an embeddings provider is set but no model: set INDX_EMBEDDINGS_MODEL or search.embeddings.model');
  const baseUrl = nonEmpty(environment.INDX_EMBEDDINGS_BASE_URL) ?? nonEmpty(environment.INDX_OPENAI_BASE_URL) ?? settings.base_url ?? defaultBaseUrl(provider ?? 'openai');
  if (baseUrl === undefined) throw halfConfigured('the openai-compatible provider needs a base URL: set INDX_EMBEDDINGS_BASE_URL or search.embeddings.base_url');
  const apiKey = nonEmpty(environment.INDX_EMBEDDINGS_API_KEY) ?? keyFor(provider, environment) ?? nonEmpty(sources.secretKey);
  const dimensions = settings.dimensions ?? toPositiveInteger(environment.INDX_EMBEDDINGS_DIMENSIONS);
  return {
    base_url: baseUrl,
    model,
    ...(apiKey === undefined ? {} : { api_key: apiKey }),
    ...(dimensions === undefined ? {} : { dimensions }),
    ...(settings.batch_size === undefined ? {} : { batch_size: settings.batch_size }),
  };
}

function toProviderName(value: string | undefined): EmbeddingProviderName | undefined {
  if (value === undefined) return undefined;
  if ((EMBEDDING_PROVIDERS as readonly string[]).includes(value)) return value as EmbeddingProviderName;
  throw halfConfigured(`unknown embeddings provider "${value}"; use one of ${EMBEDDING_PROVIDERS.join(', ')}`);
}

/** Where a named provider serves its API by default (none for openai-compatible). Shared with the chat role. */
export function defaultBaseUrl(provider: EmbeddingProviderName): string | undefined {
  return provider === 'openai-compatible' ? undefined : DEFAULT_BASE_URLS[provider];
}

/** The provider's key from the environment: INDX_AI_GATEWAY_KEY for the gateway, else INDX_OPENAI_API_KEY. Shared with the chat role. */
export function keyFor(provider: EmbeddingProviderName | undefined, environment: EmbeddingSources['environment']): string | undefined {
  return provider === 'vercel-ai-gateway' ? nonEmpty(environment.INDX_AI_GATEWAY_KEY) : nonEmpty(environment.INDX_OPENAI_API_KEY);
}

function toPositiveInteger(value: string | undefined): number | undefined {
  const number = Number(nonEmpty(value));
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

/** A variable's value trimmed, or undefined when unset or blank. */
export function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

function halfConfigured(problem: string): IndxError {
  return new IndxError('invalid_input', `Embeddings are half configured: ${problem}. Until then search stays lexical.`, { setting: 'search.embeddings' });
}
