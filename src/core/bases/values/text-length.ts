import { EvaluationError } from '../evaluate/evaluation-error';

/** The longest text an expression may build (10 million characters, about 10 MB and up). */
const MAXIMUM_TEXT_LENGTH = 10_000_000;

/**
 * Fails the evaluation when text about to be built (`+`, `repeat()`, `join()`, `replace()`)
 * would be longer than {@link MAXIMUM_TEXT_LENGTH}, checked before building it, so a formula
 * such as `"x".repeat(10000).repeat(10000)` fails its row instead of exhausting memory.
 */
export function assertTextLength(length: number, label: string): void {
  if (length > MAXIMUM_TEXT_LENGTH) throw new EvaluationError(`${label} would build text of ${length} characters; the limit is ${MAXIMUM_TEXT_LENGTH}`);
}
