import { parseMetadata } from '../metadata/parse-metadata';
import { createLineIndex } from './line-index';

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
 * Finds the frontmatter block of `text` exactly where Obsidian sees one, or `null` when the note
 * has none. Uses `parseMetadata`'s `frontmatterPosition`, or its `yaml` section when the block
 * holds no valid mapping (empty, or invalid YAML that an edit must then refuse, not bury under a
 * second block).
 */
export function findFrontmatterSpan(text: string): FrontmatterSpan | null {
  const metadata = parseMetadata(text);
  const position = metadata.frontmatterPosition ?? metadata.sections?.find((section) => section.type === 'yaml')?.position;
  if (position === undefined) return null;
  const lines = createLineIndex(text);
  const closingLine = position.end.line;
  return {
    blockStart: lines.start(0),
    yamlStart: Math.min(lines.next(0), lines.start(closingLine)),
    yamlEnd: lines.start(closingLine),
    blockEnd: lines.next(closingLine),
  };
}
