import { frontmatterDocumentToObject, parseFrontmatterDocument } from './frontmatter-document';
import { prependFrontmatterBlock } from './frontmatter-block';
import { assertFrontmatterKey, assertFrontmatterValue } from './frontmatter-input';
import { findPairLines, findTopLevelPair, pairStyleOf, serializePair } from './frontmatter-pair';
import { findFrontmatterSpan } from './frontmatter-span';
import { appendYamlLine, editFrontmatterYaml, isSpliceable, replacePairLines, rewriteWholeYaml } from './frontmatter-splice';
import { detectLineEnding, type LineEnding } from './line-ending';
import { createLineIndex } from './line-index';
import { isSameValue } from './same-value';
import { frontmatterStringifyOptions } from './yaml-style';

/**
 * Sets one top-level frontmatter property and returns the new note text.
 *
 * Only the property's own lines change: an existing key is rewritten in place (its quoting and a
 * trailing `# comment` on a one-line value are kept), a new key is appended at the end of the
 * block, and a note without frontmatter gets `---\nkey: value\n---\n` in front of its body (after
 * a byte order mark, which stays first). Every other byte (other keys, comment lines, blank
 * lines, the body) stays identical. Setting the value a key already has changes nothing. `key`
 * is the exact, case-sensitive property name (a dot is part of the name, not a path); `value` is
 * any JSON value, objects and arrays included. Throws `invalid_input` for an unusable key or an
 * `undefined` value, and `frontmatter_invalid` when the existing YAML does not parse or the edit
 * would break it (another key aliases an anchor set in this key's value; see
 * `assertFrontmatterEdit`).
 */
export function setFrontmatterValue(text: string, key: string, value: unknown): string {
  assertFrontmatterKey(key);
  assertFrontmatterValue(key, value);
  const lineEnding = detectLineEnding(text);
  const span = findFrontmatterSpan(text);
  if (span === null) return createFrontmatter(text, key, value, lineEnding);
  return editFrontmatterYaml(text, span, key, (yaml) => setInYaml(yaml, key, value, lineEnding));
}

function createFrontmatter(text: string, key: string, value: unknown, lineEnding: LineEnding): string {
  const pairText = serializePair(key, value, frontmatterStringifyOptions(), lineEnding);
  return prependFrontmatterBlock(text, pairText + lineEnding, lineEnding);
}

function setInYaml(yaml: string, key: string, value: unknown, lineEnding: LineEnding): string {
  const document = parseFrontmatterDocument(yaml);
  const current = frontmatterDocumentToObject(document);
  if (Object.prototype.hasOwnProperty.call(current, key) && isSameValue(current[key], value)) return yaml;
  const lines = createLineIndex(yaml);
  if (!isSpliceable(document, lines)) return rewriteWholeYaml(document, yaml, lineEnding, (whole) => whole.set(key, value));
  const options = frontmatterStringifyOptions(yaml);
  const pair = findTopLevelPair(document, key);
  const located = pair && findPairLines(pair, lines);
  if (!located) return appendYamlLine(yaml, serializePair(key, value, options, lineEnding), lineEnding);
  return replacePairLines(yaml, lines, located, serializePair(key, value, options, lineEnding, pairStyleOf(located.pair)));
}
