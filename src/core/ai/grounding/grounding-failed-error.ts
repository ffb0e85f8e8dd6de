import { IndxError } from '../../errors';

/**
 * The `ai_grounding_failed` error (seed 002 §6 rule 3): under cite, the model made claims and
 * none kept a verified citation, so nothing is returned rather than ungrounded output.
 * `details.dropped` lists what was dropped (candidates or claims), plus any `extra` details.
 */
export function groundingFailedError(message: string, dropped: readonly unknown[], extra: Record<string, unknown> = {}): IndxError {
  return new IndxError('ai_grounding_failed', message, { dropped: [...dropped], ...extra });
}
