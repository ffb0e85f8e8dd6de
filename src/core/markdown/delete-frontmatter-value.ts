import { parseFrontmatterDocument } from './frontmatter-document';
import { assertFrontmatterKey } from './frontmatter-input';
import { findPairLines, findTopLevelPair } from './frontmatter-pair';
import { findFrontmatterSpan } from './frontmatter-span';
import { editFrontmatterYaml, isSpliceable, removePairLines, rewriteWholeYaml } from './frontmatter-splice';
import { detectLineEnding, type LineEnding } from './line-ending';
import { createLineIndex } from './line-index';

/**
 * Removes one top-level frontmatter property (its key line through its value's last line) and
 * returns the new note text. Comment lines above the key and every other byte stay identical; an
 * emptied block stays as `---\n---`. Deleting a key that is absent, or from a note without
 * frontmatter, returns `text` unchanged so retries are harmless. Throws `frontmatter_invalid` when
 * the YAML does not parse, or when another key aliases an anchor set in this key's value
 * (`derived: *b` after `base: &b …`), since removing it would leave invalid YAML.
 */
export function deleteFrontmatterValue(text: string, key: string): string {
  assertFrontmatterKey(key);
  const span = findFrontmatterSpan(text);
  if (span === null) return text;
  return editFrontmatterYaml(text, span, key, (yaml) => deleteInYaml(yaml, key, detectLineEnding(text)));
}

function deleteInYaml(yaml: string, key: string, lineEnding: LineEnding): string {
  const document = parseFrontmatterDocument(yaml);
  const pair = findTopLevelPair(document, key);
  if (pair === undefined) return yaml;
  const lines = createLineIndex(yaml);
  const located = isSpliceable(document, lines) ? findPairLines(pair, lines) : undefined;
  if (!located) return rewriteWholeYaml(document, yaml, lineEnding, (whole) => whole.delete(pair.key));
  return removePairLines(yaml, lines, located);
}
