import type { ModelPricing } from '../runtime/ai-settings';

/** Tokens of one model call, as the cost is computed from them. */
export interface TokenCounts {
  input_tokens: number;
  output_tokens: number;
}

// Published list prices of well-known OpenAI models in US dollars per million tokens, as of
// 2026. Best effort: providers change rates and discounts (cached input, batch) are ignored;
// a vault that needs exact numbers sets `ai.pricing`.
const BUILT_IN_PRICING: Readonly<Record<string, ModelPricing>> = {
  'gpt-4o': { input_usd_per_million: 2.5, output_usd_per_million: 10 },
  'gpt-4o-mini': { input_usd_per_million: 0.15, output_usd_per_million: 0.6 },
  'gpt-4.1': { input_usd_per_million: 2, output_usd_per_million: 8 },
  'gpt-4.1-mini': { input_usd_per_million: 0.4, output_usd_per_million: 1.6 },
  'gpt-4.1-nano': { input_usd_per_million: 0.1, output_usd_per_million: 0.4 },
  'gpt-5': { input_usd_per_million: 1.25, output_usd_per_million: 10 },
  'gpt-5-mini': { input_usd_per_million: 0.25, output_usd_per_million: 2 },
  'gpt-5-nano': { input_usd_per_million: 0.05, output_usd_per_million: 0.4 },
  'o4-mini': { input_usd_per_million: 1.1, output_usd_per_million: 4.4 },
};

// Models served on the user's own machine cost nothing per token.
const LOCAL_PROVIDERS = new Set(['ollama', 'lm-studio']);

// A dated snapshot ("gpt-4o-mini-2024-07-18") is priced as its model.
const SNAPSHOT_SUFFIX = /-\d{4}-\d{2}-\d{2}$/;

/**
 * The best-effort cost in US dollars of one model call: the configured `pricing` first, then 0
 * for local providers (ollama, lm-studio), then the built-in table of well-known OpenAI models
 * (matched on the model id or on its part after the last '/', as the gateway names them, e.g.
 * "openai/gpt-4o-mini"), else 0 (an unknown model is not guessed at).
 */
export function costOf(model: string, provider: string, usage: TokenCounts, pricing: ModelPricing | null): number {
  const rates = pricing ?? (LOCAL_PROVIDERS.has(provider) ? null : builtInPricing(model));
  if (rates === null) return 0;
  return (usage.input_tokens * rates.input_usd_per_million + usage.output_tokens * rates.output_usd_per_million) / 1_000_000;
}

/** Where the rates of a model's cost come from: the configuration, the built-in table, none (a local model: free), or unknown (counted as 0). */
export type PricingSource = 'configured' | 'built_in' | 'local' | 'unknown';

/** Where `costOf` takes the rates of `model` from, so a spend ceiling that cannot bind (unknown rates) can be reported. */
export function pricingSourceOf(model: string, provider: string, pricing: ModelPricing | null): PricingSource {
  if (pricing !== null) return 'configured';
  if (LOCAL_PROVIDERS.has(provider)) return 'local';
  return builtInPricing(model) === null ? 'unknown' : 'built_in';
}

/** The built-in rates of a model id, or null when the table does not know it. */
export function builtInPricing(model: string): ModelPricing | null {
  const name = model.slice(model.lastIndexOf('/') + 1).toLowerCase();
  return BUILT_IN_PRICING[name] ?? BUILT_IN_PRICING[name.replace(SNAPSHOT_SUFFIX, '')] ?? null;
}
