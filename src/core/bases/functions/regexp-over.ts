import { EvaluationError } from '../evaluate/evaluation-error';
import { analyzeRegExp } from '../expression/regexp-hazard';
import type { ValueOf } from './method';

/** Text limits of the patterns seen, so a pattern is analysed once, not on every row. */
const limits = new Map<string, number>();
const MAXIMUM_CACHED = 1_000;

/**
 * The `RegExp` of a regexp value, to run on `text`. Patterns that can backtrack exponentially
 * are refused when the base is parsed; this bounds the rest (polynomial backtracking) by
 * refusing text longer than the pattern's `textLimit` (10,000 characters, fewer for patterns
 * such as `a*a*b`), failing that row.
 */
export function regExpOver(pattern: ValueOf<'regexp'>, text: string, label: string): RegExp {
  const limit = textLimitOf(pattern.source, pattern.flags);
  if (text.length > limit) {
    throw new EvaluationError(`${label} runs /${pattern.source}/${pattern.flags} on at most ${limit} characters; this text has ${text.length}`);
  }
  return new RegExp(pattern.source, pattern.flags);
}

function textLimitOf(source: string, flags: string): number {
  const key = `${flags}/${source}`;
  let limit = limits.get(key);
  if (limit !== undefined) return limit;
  if (limits.size >= MAXIMUM_CACHED) limits.clear();
  limit = analyzeRegExp(source, flags).textLimit;
  limits.set(key, limit);
  return limit;
}
