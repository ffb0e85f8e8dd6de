import { isIndxError } from '../../../core/errors';

/**
 * What a notice says when an AI command fails: where to set up a missing provider, else the
 * engine's own message (written for people: what happened and what to do).
 */
export function aiErrorMessage(error: unknown): string {
  if (isIndxError(error, 'ai_unavailable')) return 'Configure an AI provider in indx settings.';
  if (error instanceof Error) return error.message;
  return String(error);
}
