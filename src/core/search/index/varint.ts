/**
 * Unsigned LEB128 variable-length integers (7 bits a byte, high bit = more bytes follow), the
 * encoding of posting deltas: small gaps, the common case, take one byte.
 */

/** Writes `value` (0 ≤ value < 2^35) at `offset` in `bytes`; returns the offset after it. */
export function writeVarint(bytes: Uint8Array, offset: number, value: number): number {
  let rest = value;
  let at = offset;
  while (rest >= 0x80) {
    bytes[at] = (rest & 0x7f) | 0x80;
    rest = Math.floor(rest / 128);
    at += 1;
  }
  bytes[at] = rest;
  return at + 1;
}

/** The number of bytes {@link writeVarint} uses for `value`. */
export function varintLength(value: number): number {
  let length = 1;
  for (let rest = value; rest >= 0x80; rest = Math.floor(rest / 128)) length += 1;
  return length;
}
