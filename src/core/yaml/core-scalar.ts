/** A plain scalar's value under the YAML 1.2 core schema. */
export type CoreScalar = string | number | boolean | null;

// The tests of the `yaml` package's core schema (yaml/dist/schema/core and common/null), in the
// order the package tries them: the first that matches decides the type.
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/**
 * Characters a non-string plain scalar can start with (`~`, `null`, `true`, `false`, digits,
 * signs, `.inf`, `.nan`): any other first character makes the scalar a string without running a
 * single pattern, which is what almost every frontmatter value is.
 */
const MAYBE_NOT_STRING = /^[-+.0-9~nNtTfF]/;

/**
 * What the `yaml` package's core schema makes of an untagged plain scalar (its source text, already
 * trimmed): null, a boolean, a number or the text itself. Numbers are built the way the package
 * builds them (`parseInt` with the radix, `parseFloat`), so `-0`, huge integers and `.inf` come out
 * identical. Quoted scalars are always strings and never come here.
 */
export function resolveCoreScalar(text: string): CoreScalar {
  if (text === '') return null;
  if (!MAYBE_NOT_STRING.test(text)) return text;
  if (NULL.test(text)) return null;
  if (BOOL.test(text)) return text.startsWith('t') || text.startsWith('T');
  return resolveCoreNumber(text) ?? text;
}

/** The number a plain scalar stands for under the core schema, or null when it is not one. */
function resolveCoreNumber(text: string): number | null {
  if (INT_OCT.test(text)) return parseInt(text.substring(2), 8);
  if (INT.test(text)) return parseInt(text, 10);
  if (INT_HEX.test(text)) return parseInt(text.substring(2), 16);
  if (FLOAT_NAN.test(text)) return resolveNanOrInfinity(text);
  if (FLOAT_EXP.test(text) || FLOAT.test(text)) return parseFloat(text);
  return null;
}

/** `.nan` (any case form) is NaN; `.inf`, `+.inf` and `-.inf` are the infinities. */
function resolveNanOrInfinity(text: string): number {
  if (text.slice(-3).toLowerCase() === 'nan') return NaN;
  return text.startsWith('-') ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
}
