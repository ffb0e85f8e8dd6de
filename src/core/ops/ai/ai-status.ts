import * as z from 'zod';
import type { AiRuntime } from '../../ai/runtime/ai-runtime';
import { pricingSourceOf } from '../../ai/chat/model-pricing';
import type { SearchService } from '../../search/service/search-service';
import { defineOperation, READ_ONLY } from '../operation';

/** `ai_status`: what AI this vault offers, at no cost: the discovery handshake of seed 002 §10.1. */
export const aiStatus = defineOperation({
  name: 'ai_status',
  title: 'AI runtime status',
  description:
    'The vault\'s AI setup: models, cache, spend vs daily cap, limits, available AI tools. Never calls a provider.',
  input: z.object({}),
  output: z.object({
    enabled: z.boolean().describe('False when switched off (INDX_AI_ENABLED=false or ai.enabled: false): no AI operation runs.'),
    available: z.boolean().describe('True when at least one AI operation can run (a chat model or embeddings is configured).'),
    provider: z.string().nullable().describe('Chat provider, or null without a chat model.'),
    model: z.string().nullable().describe('Chat model id, or null.'),
    problem: z.string().nullable().describe('Why the chat model is not usable when it is half configured, else null.'),
    embeddings: z
      .object({
        available: z.boolean().describe('Whether semantic search works now.'),
        provider: z.string().nullable().describe('Embeddings provider (openai, ollama…), or null when only an address is configured.'),
        model: z.string().nullable().describe('Embedding model id.'),
        dim: z.number().int().nullable().describe('Vector dimensions (null until the first vector).'),
      })
      .nullable()
      .describe('The embeddings used for semantic and hybrid retrieval, or null when none are configured.'),
    cache: z
      .object({
        enabled: z.boolean().describe('Whether results are cached.'),
        ttl_hours: z.number().describe('Hours a result stays cached.'),
        entries: z.number().int().describe('Cached results.'),
        size_bytes: z.number().int().describe('Bytes the cache takes in the state folder.'),
        hits_24h: z.number().int().describe('Calls served from the cache during the last 24 hours (since the server started, at most).'),
        misses_24h: z.number().int().describe('Calls that missed the cache during the last 24 hours.'),
      })
      .describe('The AI result cache.'),
    spend_today_usd: z.number().describe('Best-effort spend of the current UTC day, in US dollars.'),
    calls_today: z.number().int().describe('AI calls today, cache hits included.'),
    daily_cost_usd: z.number().nullable().describe('The daily ceiling, or null for none.'),
    pricing: z
      .enum(['configured', 'built_in', 'local', 'unknown'])
      .nullable()
      .describe('Where the chat model\'s rates come from: ai.pricing, the built-in table of list prices, local (free), or unknown (costs count as 0, so a daily ceiling cannot bind: set ai.pricing). Null without a chat model.'),
    limits: z
      .object({
        max_input_tokens: z.number().int().describe('Most prompt tokens per model call.'),
        max_output_tokens: z.number().int().describe('Most tokens generated per call.'),
        temperature: z.number().describe('Sampling temperature.'),
        timeout_ms: z.number().int().describe('Upstream timeout per request.'),
      })
      .describe('Limits in force.'),
    globs: z.object({ allow: z.array(z.string()).describe('Only these notes may reach the model (empty: all).'), deny: z.array(z.string()).describe('These never do.') }).describe('Which notes may be sent to the provider.'),
    operations: z.array(z.string()).describe('The AI operations that can run now (besides ai_status).'),
  }),
  scope: 'vault:read',
  answersWhileOpening: true,
  annotations: READ_ONLY,
  requires: 'ai',
  http: { method: 'GET', path: '/v1/ai/status' },
  cli: ['ai', 'status'],
  async run(_input, context) {
    const runtime = context.ai;
    const settings = runtime.settings;
    const [stats, today] = await Promise.all([runtime.cache.stats(), runtime.ledger.today()]);
    return {
      enabled: settings.enabled,
      available: runtime.available,
      provider: runtime.chat?.provider ?? null,
      model: runtime.chat?.model ?? null,
      problem: settings.problem,
      embeddings: embeddingsOf(runtime, context.search),
      cache: { enabled: settings.cache.enabled, ttl_hours: settings.cache.ttl_hours, ...stats },
      spend_today_usd: today.spend_usd,
      calls_today: today.calls,
      daily_cost_usd: settings.daily_cost_usd,
      pricing: runtime.chat === null ? null : pricingSourceOf(runtime.chat.model, runtime.chat.provider, settings.pricing),
      limits: { max_input_tokens: settings.max_input_tokens, max_output_tokens: settings.max_output_tokens, temperature: settings.temperature, timeout_ms: settings.timeout_ms },
      globs: { allow: settings.allow_globs, deny: settings.deny_globs },
      operations: context.offeredAiOperations().filter((name) => name !== 'ai_status'),
    };
  },
  summarize(output) {
    if (!output.available) return `AI is off${output.problem === null ? '' : `: ${output.problem}`}.`;
    const chat = output.model === null ? 'no chat model' : `${output.provider ?? ''} ${output.model}`;
    return `AI on: ${chat}; ${output.operations.length} operations; spent ${output.spend_today_usd.toFixed(4)} USD today.`;
  },
});

function embeddingsOf(runtime: AiRuntime, search: SearchService | null) {
  const stats = search?.vectorStats() ?? null;
  if (stats === null && search?.hasVectors() !== true) return null;
  return { available: runtime.embeddings && (stats?.available ?? true), provider: runtime.embeddingsProvider, model: stats?.model ?? null, dim: stats === null || stats.dimensions === 0 ? null : stats.dimensions };
}
