import * as z from 'zod';
import { EMBEDDING_PROVIDERS } from './embedding-settings';

/**
 * The vault configuration's `ai` block (seed 002 §2): the chat model of the AI runtime and its
 * limits. Every field is optional; the environment (`INDX_AI_*`) fills what is unset and wins
 * for what is about safety (see `resolveAiSettings`). There is deliberately no key field, so
 * `vault_config_get` can never hand a provider key to an agent.
 */
export const aiConfigSchema = z.object({
  enabled: z.boolean().optional().describe('false hides the AI tools whatever the environment says (INDX_AI_ENABLED=false does the same from the environment).'),
  provider: z.enum(EMBEDDING_PROVIDERS).optional().describe('Chat provider; INDX_AI_PROVIDER wins when set; default: the embeddings provider.'),
  base_url: z.url({ protocol: /^https?$/ }).optional().describe('Base URL up to /v1 for openai-compatible or a non-default address; INDX_AI_BASE_URL wins when set.'),
  model: z.string().min(1).optional().describe('Chat model id (e.g. gpt-4o-mini, llama3.1:8b); wins over INDX_AI_MODEL.'),
  max_input_tokens: z.number().int().min(256).max(2_000_000).optional().describe('Most prompt tokens per model call (default 64000); larger scopes are summarised in parts.'),
  max_output_tokens: z.number().int().min(16).max(200_000).optional().describe('Most tokens generated per call (default 2048).'),
  temperature: z.number().min(0).max(2).optional().describe('Sampling temperature (default 0: deterministic where the provider allows).'),
  allow_globs: z.array(z.string().min(1)).optional().describe('Only notes matching one of these globs are ever sent to the model (default: all).'),
  deny_globs: z.array(z.string().min(1)).optional().describe('Notes matching these globs are never sent to the model; added to INDX_AI_DENY_GLOBS (deny lists only grow).'),
  cache: z
    .object({
      enabled: z.boolean().optional().describe('Cache results in the state folder (default true; INDX_AI_CACHE=off wins).'),
      ttl_hours: z.number().min(0).max(24 * 365).optional().describe('Hours a cached result is served (default 24).'),
    })
    .prefault({})
    .describe('The AI result cache.'),
  daily_cost_usd: z.number().min(0).nullable().optional().describe('Spend ceiling per UTC day in US dollars; over it calls fail with ai_quota_exceeded. INDX_AI_DAILY_COST_USD wins when set.'),
  timeout_ms: z.number().int().min(1000).max(600_000).optional().describe('Per-request upstream timeout (default 30000); INDX_AI_TIMEOUT_MS wins when set.'),
  pricing: z
    .object({
      input_usd_per_million: z.number().min(0).describe('US dollars per million prompt tokens.'),
      output_usd_per_million: z.number().min(0).describe('US dollars per million generated tokens.'),
    })
    .optional()
    .describe('Rates for cost accounting when the model is not in the built-in table.'),
});

/** The `ai` block. */
export type AiConfig = z.output<typeof aiConfigSchema>;
