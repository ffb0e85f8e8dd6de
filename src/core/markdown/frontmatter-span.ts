import { locateFrontmatter } from '../metadata/frontmatter';

/**
 * Where a note's frontmatter block lies, as UTF-16 offsets. `blockStart` is the opening `---`
 * (1 after a byte order mark, else 0); `yamlStart..yamlEnd` is the YAML between the delimiter
 * lines (it ends with its last line break, or is empty); `blockEnd` is just after the closing
 * `---` line and its line break, where the body starts.
 */
export interface FrontmatterSpan {
  readonly blockStart: number;
  readonly yamlStart: number;
  readonly yamlEnd: number;
  readonly blockEnd: number;
}

/**
 * Finds the frontmatter block of `text` exactly where Obsidian sees one (the block
 * `parseMetadata` reports as `frontmatterPosition`, or as its `yaml` section when the block holds
 * no valid mapping: empty, or invalid YAML that an edit must then refuse, not bury under a second
 * block), or `null` when the note has none. Reads only the block's lines, never the body.
 */
export function findFrontmatterSpan(text: string): FrontmatterSpan | null {
  const lines = locateFrontmatter(text);
  if (lines === null) return null;
  return { blockStart: lines.start, yamlStart: lines.yamlStart, yamlEnd: lines.closingStart, blockEnd: lines.after };
}
