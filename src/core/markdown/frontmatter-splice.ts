import { isMap, isScalar, type Document, type Pair } from 'yaml';
import type { PairLines } from './frontmatter-pair';
import type { LineEnding } from './line-ending';
import type { LineIndex } from './line-index';

/**
 * Text-level helpers for editing frontmatter YAML by splicing whole lines, so that bytes outside
 * the edited property stay identical.
 */

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

/** Appends `line` (and a line break) after the last line of the YAML. */
export function appendYamlLine(yaml: string, line: string, lineEnding: LineEnding): string {
  const base = yaml === '' || yaml.endsWith('\n') ? yaml : yaml + lineEnding;
  return base + line + lineEnding;
}

// A `key: value # why` comment explains the property; keep it when both the old and the new
// value fit on the key's line.
export function keptInlineComment(yaml: string, located: PairLines, lineEnd: number, pairText: string): string {
  const value = located.pair.value;
  if (located.firstLine !== located.lastLine || /[\r\n]/.test(pairText) || !isScalar(value) || !value.range) return '';
  const rest = yaml.slice(value.range[1], lineEnd);
  return /^[ \t]+#/.test(rest) ? rest : '';
}
