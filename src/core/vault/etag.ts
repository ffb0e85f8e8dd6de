import xxhash from 'xxhash-wasm';

/**
 * ETags: the first 16 hex characters of the xxhash64 (seed 0) of the bytes on disk. Text is
 * hashed as UTF-8, which is how both hosts store notes.
 */

/** Computes the ETag of a file's text or bytes. */
export type EtagFunction = (data: string | Uint8Array) => string;

let pending: Promise<EtagFunction> | undefined;

/** Loads the hasher once (WebAssembly, bundled inline) and returns the ETag function. */
export function loadEtagFunction(): Promise<EtagFunction> {
  pending ??= xxhash().then((hasher) => {
    const encoder = new TextEncoder();
    return (data: string | Uint8Array): string => {
      const bytes = typeof data === 'string' ? encoder.encode(data) : data;
      return hasher.h64Raw(bytes).toString(16).padStart(16, '0');
    };
  });
  return pending;
}
