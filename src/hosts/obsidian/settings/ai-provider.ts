import { resolveEmbeddingProvider } from '../../../core/ai/resolve-embedding-provider';
import type { EmbeddingProviderConfigInput } from '../../../core/ai/embedding-provider-config';
import type { VaultConfig } from '../../../core/config/vault-config';
import { DEFAULT_BASE_URLS, EMBEDDING_PROVIDERS, type EmbeddingSettings } from '../../../core/config/embedding-settings';

/** The provider choices of the settings tab: none, or one the core knows. */
export const PROVIDER_CHOICES = ['none', ...EMBEDDING_PROVIDERS] as const;

/** One of {@link PROVIDER_CHOICES}. */
export type ProviderChoice = (typeof PROVIDER_CHOICES)[number];

/** How the settings tab names each choice. */
export const PROVIDER_LABELS: Readonly<Record<ProviderChoice, string>> = {
  none: 'None (AI features off)',
  openai: 'OpenAI',
  ollama: 'Ollama (local)',
  'lm-studio': 'LM Studio (local)',
  'vercel-ai-gateway': 'Vercel AI Gateway',
  'openai-compatible': 'Another OpenAI-compatible server',
};

/** Where a provider serves its API when no base URL is set ('' when there is no default). */
export function defaultBaseUrlOf(provider: ProviderChoice): string {
  return provider === 'none' || provider === 'openai-compatible' ? '' : DEFAULT_BASE_URLS[provider];
}

/**
 * The provider the tab shows, as the runtime picks it: the chat's (`ai.provider`), else the
 * embeddings provider, else OpenAI when an embedding model is set without any provider (the
 * embeddings' default). A chat model alone names no provider and configures nothing (the AI status
 * row says why), so it shows None. The tab edits one provider for both roles.
 */
export function providerInForce(config: VaultConfig): ProviderChoice {
  const { ai, search } = config;
  return ai.provider ?? search.embeddings.provider ?? (search.embeddings.model !== undefined ? 'openai' : 'none');
}

/** The base URL the tab shows ('' for the provider's default): the chat's, else the embeddings'. */
export function baseUrlInForce(config: VaultConfig): string {
  return config.ai.base_url ?? config.search.embeddings.base_url ?? '';
}

/**
 * The embeddings provider of the plugin's server, from the vault configuration's
 * `search.embeddings` block and the key in the app's secret storage. Inside the app the settings
 * tab decides alone: environment variables (which the headless server honours) are ignored, so
 * what the tab shows is what runs. Null when none is configured; throws `invalid_input` for a
 * half configuration.
 */
export function resolvePluginEmbeddings(settings: EmbeddingSettings, apiKey: string): EmbeddingProviderConfigInput | null {
  return resolveEmbeddingProvider({ environment: {}, settings, secretKey: apiKey });
}
