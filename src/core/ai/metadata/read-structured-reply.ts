import type { z } from 'zod';
import { IndxError } from '../../errors';
import type { ChatResult } from '../chat/chat-provider';

/**
 * Reads a model reply made under a JSON Schema with `schema`: the provider's parsed value, or
 * the reply text parsed as JSON when the provider gave none. A reply that is not JSON or does not
 * fit is an upstream failure, `ai_provider_error` with details.reason `invalid_output` (the
 * first issues listed), never a crash.
 */
export function readStructuredReply<Schema extends z.ZodType>(result: ChatResult, schema: Schema, operation: string, provider: string): z.output<Schema> {
  const parsed = schema.safeParse(result.structured ?? parseText(result.text));
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 5).map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  const first = issues[0];
  const where = first === undefined ? '' : ` (${first.path || 'reply'}: ${first.message})`;
  throw new IndxError('ai_provider_error', `The chat model's reply to ${operation} did not follow the requested JSON Schema${where}. Retry, or use a model that supports structured output.`, { reason: 'invalid_output', provider, issues });
}

function parseText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
