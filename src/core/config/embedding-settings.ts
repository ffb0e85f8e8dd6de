import * as z from 'zod';

/** Embeddings providers by name; each but `openai-compatible` has a default base URL. */
export const EMBEDDING_PROVIDERS = ['openai', 'ollama', 'lm-studio', 'vercel-ai-gateway', 'openai-compatible'] as const;

/** An embeddings provider's name. */
export type EmbeddingProviderName = (typeof EMBEDDING_PROVIDERS)[number];

/** Where each named provider serves its OpenAI-compatible API by default. */
export const DEFAULT_BASE_URLS: Readonly<Record<Exclude<EmbeddingProviderName, 'openai-compatible'>, string>> = {
  openai: 'https://api.openai.com/v1',
  ollama: 'http://127.0.0.1:11434/v1',
  'lm-studio': 'http://127.0.0.1:1234/v1',
  'vercel-ai-gateway': 'https://ai-gateway.vercel.sh/v1',
};

/**
 * The vault configuration's `search.embeddings` block: which provider and model embed note
 * chunks. Every field is optional (unset: the environment decides, see
 * `resolveEmbeddingProvider`); there is deliberately no key field, so `vault_config_get` can
 * never hand a provider key to an agent.
 */
export const embeddingSettingsSchema = z.object({
  provider: z.enum(EMBEDDING_PROVIDERS).optional().describe('Provider; INDX_EMBEDDINGS_PROVIDER wins when set.'),
  base_url: z.url({ protocol: /^https?$/ }).optional().describe('Base URL up to /v1, for openai-compatible or a non-default address; INDX_EMBEDDINGS_BASE_URL wins when set.'),
  model: z.string().min(1).optional().describe('Embedding model id (e.g. text-embedding-3-small, nomic-embed-text); wins over INDX_EMBEDDINGS_MODEL.'),
  dimensions: z.number().int().positive().optional().describe('Requested vector size for models that can shorten their output.'),
  batch_size: z.number().int().min(1).max(2048).optional().describe('Texts sent per request (default 64).'),
});

/** The `search.embeddings` block. */
export type EmbeddingSettings = z.output<typeof embeddingSettingsSchema>;
