import { IndxError } from '../../../core/errors';
import { toVaultPath } from '../../../core/vault/paths';

/**
 * Turns the path part of a resource URI into a checked vault path: percent-decodes it, then
 * passes it through `toVaultPath`, so `..`, encoded `%2e%2e`, backslashes, NUL and hidden or
 * protected folders are refused exactly as on every other surface.
 */
export function pathFromUri(encoded: string | undefined): string {
  return toVaultPath(decodeUriPart(encoded ?? ''));
}

/** Percent-decodes one URI part; `invalid_path` when the escapes are malformed. */
export function decodeUriPart(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch (error: unknown) {
    throw new IndxError('invalid_path', `"${encoded}" is not a valid percent-encoded URI path. Encode each segment with encodeURIComponent.`, { path: encoded }, { cause: error });
  }
}

/** Percent-decodes one URI part, or returns it unchanged when its escapes are malformed. */
export function safeDecodeUriPart(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

/** The URI form of a vault path: each segment percent-encoded, `/` kept between them. */
export function toUriPath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
