import { isIndxError } from '../errors';

/**
 * Runs `read` and returns its result, or `null` when it throws `frontmatter_invalid` (YAML that
 * does not parse or resolve); any other error is thrown on. For callers that have a fallback for
 * unusable frontmatter.
 */
export function nullWhenFrontmatterInvalid<T>(read: () => T): T | null {
  try {
    return read();
  } catch (error: unknown) {
    if (isIndxError(error, 'frontmatter_invalid')) return null;
    throw error;
  }
}
