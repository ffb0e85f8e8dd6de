import { isIndxError } from '../../core/errors';

/**
 * The response headers an error carries besides its envelope: `Retry-After` (seconds) for
 * `ai_quota_exceeded`, from `details.retry_after_seconds` (seed 002 §8.3: the daily ceiling
 * resets at UTC midnight).
 */
export function errorHeadersOf(error: unknown): Record<string, string> {
  if (!isIndxError(error, 'ai_quota_exceeded')) return {};
  const seconds = error.details.retry_after_seconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? { 'Retry-After': String(Math.ceil(seconds)) } : {};
}
