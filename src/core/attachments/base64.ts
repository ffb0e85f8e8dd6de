/**
 * Standard base64 (RFC 4648 §4, with padding) for attachment bytes. Written here because the
 * core runs where neither Node's `Buffer` nor `Uint8Array.fromBase64` may exist (Obsidian's
 * renderer, Node 20).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUES = new Int16Array(128).fill(-1);
for (let index = 0; index < ALPHABET.length; index += 1) VALUES[ALPHABET.charCodeAt(index)] = index;

const CODES = new TextEncoder().encode(ALPHABET);
const PAD = 61;
const ascii = new TextDecoder();

/** Encodes bytes as base64 with padding: the characters are written as ASCII bytes, then decoded to a string once. */
export function toBase64(bytes: Uint8Array): string {
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let at = 0;
  let index = 0;
  for (; index + 2 < bytes.length; index += 3) {
    const triple = ((bytes[index] ?? 0) << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
    out[at] = CODES[triple >> 18] ?? PAD;
    out[at + 1] = CODES[(triple >> 12) & 63] ?? PAD;
    out[at + 2] = CODES[(triple >> 6) & 63] ?? PAD;
    out[at + 3] = CODES[triple & 63] ?? PAD;
    at += 4;
  }
  const left = bytes.length - index;
  if (left > 0) {
    const triple = ((bytes[index] ?? 0) << 16) | (left > 1 ? (bytes[index + 1] ?? 0) << 8 : 0);
    out.set([CODES[triple >> 18] ?? PAD, CODES[(triple >> 12) & 63] ?? PAD, left > 1 ? (CODES[(triple >> 6) & 63] ?? PAD) : PAD, PAD], at);
  }
  return ascii.decode(out);
}

/**
 * Decodes base64; null when `text` is not base64. Padding may be left out; whitespace (line
 * breaks of MIME-style base64) is ignored; the URL-safe alphabet is not accepted.
 */
export function fromBase64(text: string): Uint8Array | null {
  const clean = /\s/.test(text) ? text.replace(/\s+/g, '') : text;
  const body = clean.endsWith('==') ? clean.slice(0, -2) : clean.endsWith('=') ? clean.slice(0, -1) : clean;
  if (body.length % 4 === 1 || (clean.length !== body.length && clean.length % 4 !== 0)) return null;
  const bytes = new Uint8Array(Math.floor((body.length * 3) / 4));
  const whole = body.length - (body.length % 4);
  let at = 0;
  for (let index = 0; index < whole; index += 4) {
    const quad = (valueAt(body, index) << 18) | (valueAt(body, index + 1) << 12) | (valueAt(body, index + 2) << 6) | valueAt(body, index + 3);
    // A character outside the alphabet is -1, which makes the whole number negative.
    if (quad < 0) return null;
    bytes[at] = quad >> 16;
    bytes[at + 1] = (quad >> 8) & 255;
    bytes[at + 2] = quad & 255;
    at += 3;
  }
  return decodeTail(body.slice(whole), bytes, at);
}

/** The last 2 or 3 characters of an unpadded text (a 1 or 2 byte group). */
function decodeTail(tail: string, bytes: Uint8Array, at: number): Uint8Array | null {
  if (tail === '') return bytes;
  const values = [...tail].map((_, index) => valueAt(tail, index));
  if (values.some((value) => value < 0)) return null;
  const [a = 0, b = 0, c = 0] = values;
  bytes[at] = (a << 2) | (b >> 4);
  if (values.length === 3) bytes[at + 1] = ((b & 15) << 4) | (c >> 2);
  return bytes;
}

/** The 6-bit value of the character at `index`, or -1 outside the alphabet (the sign spreads through an OR). */
function valueAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code < 128 ? (VALUES[code] ?? -1) : -1;
}
