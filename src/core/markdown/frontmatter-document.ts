import { Document, isMap, isSeq } from 'yaml';
import { parseYamlDocument } from '../yaml/parse-yaml';
import { IndxError } from '../errors';

/**
 * Parses frontmatter YAML into a `yaml` Document that keeps comments and source ranges.
 * Throws `frontmatter_invalid` when the YAML does not parse or is not a mapping; an empty or
 * comment-only block is a valid, empty mapping (`contents` is then `null`).
 */
export function parseFrontmatterDocument(yamlText: string): Document {
  const document = parseYamlDocument(yamlText);
  const [firstError] = document.errors;
  if (firstError !== undefined) {
    throw new IndxError(
      'frontmatter_invalid',
      `The note's frontmatter is not valid YAML: ${firstError.message.split('\n')[0] ?? ''}. Fix the YAML between the --- lines (note_write) before editing properties.`,
      { errors: document.errors.slice(0, 5).map((error) => ({ code: error.code, message: error.message.split('\n')[0] })) },
      { cause: firstError },
    );
  }
  if (document.contents !== null && !isMap(document.contents)) {
    throw new IndxError('frontmatter_invalid', 'The note\'s frontmatter is not a YAML mapping of property names to values. Rewrite it as "key: value" lines (note_write) before editing properties.', {
      found: isSeq(document.contents) ? 'list' : 'scalar',
    });
  }
  return document;
}

/**
 * Converts a parsed frontmatter Document to plain data (`{}` when empty). Throws
 * `frontmatter_invalid` when the YAML cannot be resolved, e.g. an alias to a missing anchor.
 */
export function frontmatterDocumentToObject(document: Document): Record<string, unknown> {
  try {
    const value: unknown = document.toJS();
    return value === null || value === undefined ? {} : (value as Record<string, unknown>);
  } catch (error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    throw new IndxError('frontmatter_invalid', `The note's frontmatter YAML cannot be resolved: ${message}. Fix it (note_write) before editing properties.`, {}, { cause: error });
  }
}
