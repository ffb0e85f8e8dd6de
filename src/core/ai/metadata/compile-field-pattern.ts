/**
 * A quantified group that itself contains a quantifier (`(a+)+`, `(\w*)*`, `(x|y+){2,}`) or a
 * back-reference: the shapes whose matching can backtrack exponentially on a long value.
 */
const RISKY_PATTERN = /\([^)]*[+*}][^)]*\)\s*[+*{]|\\[1-9]|\\k</;

/**
 * Compiles a field's `pattern` as a JavaScript regular expression in unicode mode, or returns
 * null when it does not compile or has a shape that can backtrack catastrophically (nested
 * quantifiers, back-references): the caller's pattern runs on model output inside the server, so
 * one pathological pattern must not stall it. Unanchored, like JSON Schema's `pattern`: write
 * `^…$` to match the whole value.
 */
export function compileFieldPattern(pattern: string): RegExp | null {
  if (RISKY_PATTERN.test(pattern)) return null;
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return null;
  }
}
