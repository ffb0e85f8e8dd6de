import { extensionOf } from '../../../core/vault/paths';

/** MIME types of the vault files served as text resources, by extension. */
const TEXT_TYPES = new Map<string, string>([
  ['md', 'text/markdown'],
  ['canvas', 'application/json'],
  ['base', 'text/yaml'],
]);

/**
 * The MIME type of a vault file served as a resource, or null for files indx does not serve
 * (attachments: the host port reads text only, so their bytes cannot be returned faithfully).
 */
export function textMimeTypeOf(path: string): string | null {
  return TEXT_TYPES.get(extensionOf(path)) ?? null;
}
