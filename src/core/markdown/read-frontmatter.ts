import { frontmatterDocumentToObject, parseFrontmatterDocument } from './frontmatter-document';
import { findFrontmatterSpan } from './frontmatter-span';

/**
 * Reads a note's frontmatter as plain data: `null` when the note has no frontmatter block, `{}`
 * for an empty one. Throws `frontmatter_invalid` when the YAML does not parse or is not a mapping.
 */
export function readFrontmatter(text: string): Record<string, unknown> | null {
  const span = findFrontmatterSpan(text);
  if (span === null) return null;
  return frontmatterDocumentToObject(parseFrontmatterDocument(text.slice(span.yamlStart, span.yamlEnd)));
}
