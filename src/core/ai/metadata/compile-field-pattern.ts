import { patternRisk } from '../safe-pattern';

/**
 * Compiles a field's `pattern` as a JavaScript regular expression in unicode mode, or returns
 * null when `patternRisk` refuses it (it does not compile, or it could backtrack without end).
 * Unanchored, like JSON Schema's `pattern`: write `^…$` to match the whole value.
 */
export function compileFieldPattern(pattern: string): RegExp | null {
  return patternRisk(pattern) === null ? new RegExp(pattern, 'u') : null;
}
