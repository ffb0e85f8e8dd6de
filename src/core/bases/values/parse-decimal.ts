const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Reads text as a decimal number (`3.4`, `-2`, `.5`, `1e3`, spaces around ignored); null for
 * anything else. Stricter than JavaScript's `Number()`, which also reads `0x10` as 16, `0b1`,
 * `Infinity` and the empty string as 0: text that does not spell a decimal is not a number.
 */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : null;
}
