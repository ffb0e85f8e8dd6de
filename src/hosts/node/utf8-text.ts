// fatal: bytes that are not UTF-8 throw instead of turning into U+FFFD, which would be written
// back as different bytes. ignoreBOM: a leading byte order mark stays in the text as U+FEFF, so
// writing the text back gives the same bytes.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The text of UTF-8 `bytes`, such that encoding it again gives the very same bytes (a byte
 * order mark included); null when the bytes are not UTF-8 (Latin-1, UTF-16, binary data).
 */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}
