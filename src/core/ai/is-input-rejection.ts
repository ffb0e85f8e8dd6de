import { isIndxError } from '../errors';

// What a provider answers when it dislikes the request's content rather than the caller:
// 400 (OpenAI: "maximum context length exceeded", an empty input), 413 (body too large),
// 422 (vLLM, LM Studio: input validation). 401, 403 and 404 are about the key, model or
// address, so they hold for every request and are not here.
const INPUT_STATUSES: ReadonlySet<number> = new Set([400, 413, 422]);

/**
 * True when an embeddings failure may be the fault of what was sent, not of the provider: an
 * `embeddings_failed` whose status says the input was refused, or an answer without a usable
 * vector for some text (no status). Such a failure may concern one text of a batch, so it must
 * not pause the provider for everyone; whether it does concern one text is for the caller to
 * find out (by asking again with less).
 */
export function isInputRejection(error: unknown): boolean {
  if (!isIndxError(error, 'embeddings_failed')) return false;
  const status = error.details.status;
  return typeof status === 'number' ? INPUT_STATUSES.has(status) : true;
}
