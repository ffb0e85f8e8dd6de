import type { z } from 'zod';
import { IndxError } from '../../errors';

/**
 * The error for a model reply that does not follow the JSON Schema it was given: an upstream
 * failure (`ai_provider_error`, details.reason `invalid_output`), never a crash.
 */
export function invalidModelOutput(operation: string, issues: readonly z.core.$ZodIssue[]): IndxError {
  const first = issues[0];
  const where = first === undefined ? '' : ` (${first.path.join('.') || 'reply'}: ${first.message})`;
  return new IndxError('ai_provider_error', `The chat model's reply to ${operation} did not follow the requested JSON Schema${where}. Retry, or use a model that supports structured output.`, {
    reason: 'invalid_output',
    issues: issues.slice(0, 5).map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  });
}
