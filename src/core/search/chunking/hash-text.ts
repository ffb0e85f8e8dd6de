/**
 * A fast 64-bit content hash of a string, as 16 lower-case hex characters, stable across runs
 * and platforms: two independent 32-bit FNV-1a style lanes over the UTF-16 code units (the
 * second lane with another offset basis and multiplier). Not cryptographic; it only tells
 * whether a chunk's text changed.
 */
export function hashText(text: string): string {
  const [high, low] = hashLanes(text);
  return toHex(high) + toHex(low);
}

/** The two 32-bit lanes of {@link hashText}, as unsigned integers. */
export function hashLanes(text: string): [number, number] {
  let high = 0x811c9dc5;
  let low = 0x9dc5811c;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    high = Math.imul(high ^ code, 0x01000193);
    low = Math.imul(low ^ code, 0x5bd1e995);
    low ^= low >>> 15;
  }
  return [high >>> 0, low >>> 0];
}

function toHex(value: number): string {
  return value.toString(16).padStart(8, '0');
}
