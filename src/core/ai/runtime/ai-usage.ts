import type { AiUsage } from '../ai-schemas';

/** The usage of a call that made no model call (a cache hit, an early failure). */
export function zeroUsage(): AiUsage {
  return { input_tokens: 0, output_tokens: 0, cost_usd: 0, model_calls: 0 };
}

/** A cost in USD rounded to 1e-8, so sums of many small costs do not drift in their last digits. */
export function roundCost(value: number): number {
  return Math.round(value * 1e8) / 1e8;
}
