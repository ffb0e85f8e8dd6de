import * as z from 'zod';
import { IndxError } from '../errors';

/**
 * Settings of an embeddings provider: any OpenAI-compatible `/v1/embeddings` endpoint (OpenAI,
 * Ollama, LM Studio, llama.cpp, vLLM…). Every tuning field has a default.
 */
export const embeddingProviderConfigSchema = z.object({
  base_url: z
    .url({ protocol: /^https?$/ })
    .describe('Base URL of the OpenAI-compatible API, up to and including /v1 (e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1).'),
  api_key: z.string().min(1).optional().describe('Bearer token sent as the Authorization header; omit for local servers that need none.'),
  model: z.string().min(1).describe('Embedding model id as the provider names it (e.g. text-embedding-3-small, nomic-embed-text).'),
  dimensions: z.number().int().positive().optional().describe('Requested vector size, for models that can shorten their output; omit to take the model default.'),
  batch_size: z.number().int().min(1).max(2048).default(64).describe('Texts sent per request.'),
  max_retries: z.number().int().min(0).max(10).default(3).describe('Retries of a failed request (network errors, 408, 409, 429, 5xx), with exponential backoff.'),
});

/** A validated embeddings provider configuration, defaults applied. */
export type EmbeddingProviderConfig = z.output<typeof embeddingProviderConfigSchema>;

/** What a caller may write: the configuration before defaults. */
export type EmbeddingProviderConfigInput = z.input<typeof embeddingProviderConfigSchema>;

/** Validates a provider configuration; throws `invalid_input` listing every problem. */
export function parseEmbeddingProviderConfig(input: unknown): EmbeddingProviderConfig {
  const parsed = embeddingProviderConfigSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const listed = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  throw new IndxError('invalid_input', `Invalid embeddings provider configuration: ${listed}. Set base_url and model at least.`, { issues });
}
