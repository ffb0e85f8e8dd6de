import type { z } from 'zod';
import { IndxError } from '../../errors';

/**
 * The error for an ai_tag reply that does not follow its JSON Schema: an upstream failure
 * (`ai_provider_error`, details.reason `invalid_output`), never a crash.
 */
export function invalidTagReply(provider: string, issues: readonly z.core.$ZodIssue[]): IndxError {
  const first = issues[0];
  const where = first === undefined ? '' : ` (${first.path.join('.') || 'reply'}: ${first.message})`;
  return new IndxError('ai_provider_error', `The chat model's reply to ai_tag did not follow the requested JSON Schema${where}. Retry, or use a model that supports structured output.`, {
    reason: 'invalid_output',
    provider,
    issues: issues.slice(0, 5).map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  });
}
