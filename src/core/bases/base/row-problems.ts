import { EvaluationError } from '../evaluate/evaluation-error';

/** A failure while evaluating one row: which file, where (filter, column, formula), why. */
export interface RowProblem {
  path: string;
  where: string;
  message: string;
}

/** The most problems a result lists; `count` keeps the true number. */
const MAXIMUM_LISTED = 20;

/** Row problems of one query: the first twenty, and how many there were. */
export interface RowProblemLog {
  listed: RowProblem[];
  count: number;
}

/** An empty log. */
export function createProblemLog(): RowProblemLog {
  return { listed: [], count: 0 };
}

/**
 * Runs `compute`; an `EvaluationError` is logged against `path` and `where` and `fallback`
 * returned instead. So is a `RangeError` (a stack overflow through formulas that call each
 * other many levels deep, a string or list past the engine's size limits): it fails that row
 * only, with a fixed message. Other errors are bugs and propagate.
 */
export function attempt<T>(log: RowProblemLog, path: string, where: string, compute: () => T, fallback: T): T {
  try {
    return compute();
  } catch (error) {
    logProblem(log, path, where, error);
    return fallback;
  }
}

/** Logs an `EvaluationError` or `RangeError` against a row; rethrows anything else. */
export function logProblem(log: RowProblemLog, path: string, where: string, error: unknown): void {
  if (!(error instanceof EvaluationError) && !(error instanceof RangeError)) throw error;
  const message = error instanceof EvaluationError ? error.message : 'the expression is too deep or builds a value too large to evaluate';
  log.count += 1;
  if (log.listed.length < MAXIMUM_LISTED) log.listed.push({ path, where, message });
}
