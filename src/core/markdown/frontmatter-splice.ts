import { isMap, isScalar, type Document, type Pair } from 'yaml';
import { checkedFrontmatterEdit } from './checked-frontmatter-edit';
import type { PairLines } from './frontmatter-pair';
import type { FrontmatterSpan } from './frontmatter-span';
import type { LineEnding } from './line-ending';
import type { LineIndex } from './line-index';
import { frontmatterStringifyOptions } from './yaml-style';

/**
 * Text-level helpers for editing frontmatter YAML by splicing whole lines, so that bytes outside
 * the edited property stay identical.
 */

/**
 * Applies `edit` (a set or delete of `key`) to the YAML between the `---` lines and splices the
 * result back into `text`, once `checkedFrontmatterEdit` has checked that the new YAML is valid
 * and leaves every other property's value alone (it throws `frontmatter_invalid` otherwise).
 */
export function editFrontmatterYaml(text: string, span: FrontmatterSpan, key: string, edit: (yaml: string) => string): string {
  const yaml = text.slice(span.yamlStart, span.yamlEnd);
  const edited = checkedFrontmatterEdit(yaml, key, edit);
  return edited === yaml ? text : text.slice(0, span.yamlStart) + edited + text.slice(span.yamlEnd);
}

/**
 * True when line splicing is safe: an empty document, or a block mapping whose keys all start at
 * column 0 (the shape Obsidian writes). Flow `{...}`/JSON frontmatter is not.
 */
export function isSpliceable(document: Document, lines: LineIndex): boolean {
  if (document.contents === null) return true;
  if (!isMap(document.contents) || document.contents.flow === true) return false;
  return document.contents.items.every((pair: Pair) => isKeyAtLineStart(pair, lines));
}

function isKeyAtLineStart(pair: Pair, lines: LineIndex): boolean {
  const range = isScalar(pair.key) ? pair.key.range : undefined;
  return range !== undefined && range !== null && lines.start(lines.lineOf(range[0])) === range[0];
}

/**
 * The fallback for YAML that cannot be spliced: change the Document and print all of it (the
 * `yaml` package keeps comments and key order, but may normalise spacing).
 */
export function rewriteWholeYaml(document: Document, yaml: string, lineEnding: LineEnding, change: (document: Document) => void): string {
  change(document);
  return document.toString(frontmatterStringifyOptions(yaml)).replace(/\r?\n/g, lineEnding);
}

/** Appends `line` (and a line break) after the last line of the YAML. */
export function appendYamlLine(yaml: string, line: string, lineEnding: LineEnding): string {
  const base = yaml === '' || yaml.endsWith('\n') ? yaml : yaml + lineEnding;
  return base + line + lineEnding;
}

/** Replaces a pair's lines (not the final line break) with `pairText`. */
export function replacePairLines(yaml: string, lines: LineIndex, located: PairLines, pairText: string): string {
  const lineEnd = lines.contentEnd(located.lastLine);
  const replacement = pairText + keptInlineComment(yaml, located, lineEnd, pairText);
  return yaml.slice(0, lines.start(located.firstLine)) + replacement + yaml.slice(lineEnd);
}

/** Removes a pair's lines including the last one's line break. */
export function removePairLines(yaml: string, lines: LineIndex, located: PairLines): string {
  return yaml.slice(0, lines.start(located.firstLine)) + yaml.slice(lines.next(located.lastLine));
}

// A `key: value # why` comment explains the property; keep it when both the old and the new
// value fit on the key's line.
function keptInlineComment(yaml: string, located: PairLines, lineEnd: number, pairText: string): string {
  const value = located.pair.value;
  if (located.firstLine !== located.lastLine || /[\r\n]/.test(pairText) || !isScalar(value) || !value.range) return '';
  const rest = yaml.slice(value.range[1], lineEnd);
  return /^[ \t]+#/.test(rest) ? rest : '';
}
