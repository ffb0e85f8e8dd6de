import type { z } from 'zod';
import type { ChatResult } from '../chat/chat-provider';
import { invalidModelOutput } from './invalid-model-output';

/**
 * Reads a structured reply with `schema`: the provider's parsed value, else the text parsed as
 * JSON. A reply that is not JSON or does not match is `ai_provider_error` (`invalid_output`).
 */
export function parseStructuredReply<Schema extends z.ZodType>(operation: string, result: ChatResult, schema: Schema): z.output<Schema> {
  const parsed = schema.safeParse(result.structured ?? parseText(result.text));
  if (!parsed.success) throw invalidModelOutput(operation, parsed.error.issues);
  return parsed.data;
}

function parseText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
