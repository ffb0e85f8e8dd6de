/**
 * Deep equality over JSON-like data (plain objects, arrays, primitives): used to leave a
 * property's bytes alone when an edit would write the value it already has.
 */
export function isSameValue(left: unknown, right: unknown): boolean {
  if (Object.is(left, right)) return true;
  if (Array.isArray(left) || Array.isArray(right)) return isSameArray(left, right);
  if (isPlainRecord(left) && isPlainRecord(right)) return isSameRecord(left, right);
  return false;
}

function isSameArray(left: unknown, right: unknown): boolean {
  if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
  return left.every((item, index) => isSameValue(item, right[index]));
}

function isSameRecord(left: Record<string, unknown>, right: Record<string, unknown>): boolean {
  const leftKeys = Object.keys(left);
  if (leftKeys.length !== Object.keys(right).length) return false;
  return leftKeys.every((key) => Object.prototype.hasOwnProperty.call(right, key) && isSameValue(left[key], right[key]));
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
