import { byteOrderMarkLength } from './byte-order-mark';
import type { CachedMetadata } from './types';
import type { ContentLine } from './content-line';
import { collectRootBlock } from './collect-blocks';
import { findFrontmatter, findFrontmatterLinks } from './frontmatter';
import { type MetadataCollector, createMetadataCollector, fillMetadata } from './metadata-collector';
import { nextBlock } from './parse-blocks';
import { type SourceText, createSourceText, positionOf } from './source-text';

/**
 * Parses a markdown note into exactly what Obsidian's `metadataCache.getFileCache` returns:
 * links, embeds, tags, headings, sections, list items, blocks, footnotes, footnote references
 * and frontmatter, with 0-based `{line, col, offset}` positions in UTF-16 code units (`end`
 * exclusive). Fields Obsidian leaves out when empty are left out. Never throws; runs in time
 * linear in the note's length for ordinary notes.
 *
 * Line breaks: `\n` separates lines; a `\r` before it is part of the line break, so CRLF notes
 * get the same lines, sections and columns as LF notes while offsets count the raw text.
 *
 * Byte order mark: a leading U+FEFF is no part of line 0's content, so `\uFEFF---` still opens
 * frontmatter and `\uFEFF# Title` is still a heading. Positions count the raw text as given,
 * mark included: such a block starts at `{line: 0, col: 1, offset: 1}` (frontmatterPosition and
 * the yaml section too), and every later offset is one more than in the same note without it.
 */
export function parseMetadata(content: string): CachedMetadata {
  const parse = new MetadataParse(content);
  while (parse.step());
  return parse.result();
}

/**
 * {@link parseMetadata} in slices: `pause()` is awaited after each root block, so a caller that
 * yields there when its time slice is used up keeps a long note from holding the thread.
 */
export async function parseMetadataSliced(content: string, pause: () => Promise<void>): Promise<CachedMetadata> {
  const parse = new MetadataParse(content);
  while (parse.step()) await pause();
  return parse.result();
}

/** One note's parse, read one root block per {@link MetadataParse.step}. */
class MetadataParse {
  private readonly collector: MetadataCollector;
  private readonly metadata: CachedMetadata = {};
  private readonly lines: ContentLine[];
  private next = 0;

  constructor(private readonly content: string) {
    const source = createSourceText(content);
    this.collector = createMetadataCollector(source);
    const frontmatter = findFrontmatter(source);
    let bodyLine = 0;
    if (frontmatter !== null) {
      const position = positionOf(source, frontmatter.start, frontmatter.end);
      this.collector.sections.push({ type: 'yaml', position });
      if (frontmatter.data !== null) {
        this.metadata.frontmatter = frontmatter.data;
        this.metadata.frontmatterPosition = position;
        this.metadata.frontmatterLinks = findFrontmatterLinks(frontmatter.data);
      }
      bodyLine = frontmatter.bodyLine;
    }
    this.lines = bodyLines(source, bodyLine);
  }

  /** Reads the next root block; false when the note has none left. */
  step(): boolean {
    const block = nextBlock(this.content, this.lines, this.next);
    if (block === null) return false;
    collectRootBlock(this.collector, block.node);
    this.next = block.next;
    return true;
  }

  /** The metadata of the blocks read. */
  result(): CachedMetadata {
    return fillMetadata(this.collector, this.metadata);
  }
}

/** The note's lines from `firstLine` on, as root content lines (line 0 after any byte order mark). */
function bodyLines(source: SourceText, firstLine: number): ContentLine[] {
  const lines: ContentLine[] = [];
  const skip = byteOrderMarkLength(source.content);
  for (let line = firstLine; line < source.lineStarts.length; line += 1) {
    const start = (source.lineStarts[line] ?? 0) + (line === 0 ? skip : 0);
    lines.push({ line, start, end: Math.max(start, source.lineEnds[line] ?? 0) });
  }
  return lines;
}
