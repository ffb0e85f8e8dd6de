import type { z } from 'zod';
import { IndxError } from '../../errors';

/**
 * Validates a model's structured reply against `schema`. A reply that does not match (or no
 * structured reply at all) is the provider's failure, not the caller's: `ai_provider_error`
 * with `details.reason: 'invalid_output'` and the first issues.
 */
export function parseModelOutput<Schema extends z.ZodType>(schema: Schema, structured: unknown, operation: string): z.output<Schema> {
  const parsed = schema.safeParse(structured);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 5).map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  throw new IndxError('ai_provider_error', `The chat model's reply to ${operation} did not have the requested shape, so it was not used. Retry, or try another model.`, { reason: 'invalid_output', issues });
}
