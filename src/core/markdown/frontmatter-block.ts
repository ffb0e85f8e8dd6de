import { byteOrderMarkLength } from '../metadata/byte-order-mark';
import type { LineEnding } from './line-ending';

/**
 * Puts a new `---` frontmatter block holding `yaml` (YAML lines each ending with `lineEnding`,
 * or empty) in front of `body`, a note without frontmatter. A byte order mark at the start of
 * `body` stays the very first character, with the block right after it.
 */
export function prependFrontmatterBlock(body: string, yaml: string, lineEnding: LineEnding): string {
  const start = byteOrderMarkLength(body);
  return `${body.slice(0, start)}---${lineEnding}${yaml}---${lineEnding}${body.slice(start)}`;
}
