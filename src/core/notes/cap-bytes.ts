const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The newline byte, which never occurs inside a multi-byte UTF-8 sequence. */
const NEWLINE = 0x0a;

/**
 * `text` cut to at most `maxBytes` bytes of UTF-8: after the last line break that fits, or, when
 * not even the first line fits, at the last whole character that does (never inside one).
 * `truncated` says whether anything was cut.
 */
export function capBytes(text: string, maxBytes: number): { text: string; truncated: boolean } {
  // A UTF-16 code unit is at most 3 UTF-8 bytes: a text this short always fits.
  if (text.length * 3 <= maxBytes) return { text, truncated: false };
  const bytes = encoder.encode(text);
  if (bytes.length <= maxBytes) return { text, truncated: false };
  let end = maxBytes;
  // Continuation bytes are 10xxxxxx: step back to the start of the character that does not fit.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  const lineEnd = bytes.subarray(0, end).lastIndexOf(NEWLINE);
  if (lineEnd !== -1) end = lineEnd + 1;
  return { text: decoder.decode(bytes.subarray(0, end)), truncated: true };
}
