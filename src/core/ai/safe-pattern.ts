/** A quantified group: `(…)*`, `(…)+`, `(…){n,m}` (a `?` after a group is fine: it matches once or not). */
const QUANTIFIED_GROUP = /\)(?:[*+]|\{\d+,?\d*\})/;

/** A back-reference (`\1`, `\k<name>`). */
const BACK_REFERENCE = /\\[1-9]|\\k</;

/** An unbounded quantifier: `*`, `+`, `{n,}` not escaped. */
const UNBOUNDED_QUANTIFIER = /(?<!\\)(?:[*+]|\{\d+,\})/g;

/** The most unbounded quantifiers a pattern may have: two keep backtracking at most quadratic. */
const MAX_UNBOUNDED = 2;

/** Longest text a caller's pattern is run on; longer values fail validation instead. */
export const MAX_PATTERN_INPUT = 1000;

/**
 * Why a caller-supplied regular expression is refused before it runs inside the server, or null
 * when it may run: it must compile (unicode mode) and must not have the shapes whose matching can
 * backtrack exponentially (quantified groups such as `(a+)+` or `(a|aa)*`, back-references) or
 * more than two unbounded quantifiers. The patterns of ai_metadata fields and of ai_extract
 * schemas run on model output; one pathological pattern must not stall the server or Obsidian.
 */
export function patternRisk(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u');
  } catch {
    return 'it is not a valid regular expression';
  }
  if (QUANTIFIED_GROUP.test(pattern)) return 'it repeats a group with *, + or {n,m}, which can backtrack without end; repeat single characters or classes instead';
  if (BACK_REFERENCE.test(pattern)) return 'it uses a back-reference, which can backtrack without end';
  if ((pattern.match(UNBOUNDED_QUANTIFIER) ?? []).length > MAX_UNBOUNDED) return `it has more than ${MAX_UNBOUNDED} unbounded quantifiers (*, +, {n,}), which can backtrack for very long`;
  return null;
}
