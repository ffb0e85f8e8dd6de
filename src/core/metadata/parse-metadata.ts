import { byteOrderMarkLength } from './byte-order-mark';
import type { CachedMetadata } from './types';
import type { ContentLine } from './content-line';
import { collectRootBlocks } from './collect-blocks';
import { findFrontmatter, findFrontmatterLinks } from './frontmatter';
import { createMetadataCollector, fillMetadata } from './metadata-collector';
import { parseBlocks } from './parse-blocks';
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
  const source = createSourceText(content);
  const collector = createMetadataCollector(source);
  const metadata: CachedMetadata = {};
  const frontmatter = findFrontmatter(source);
  let bodyLine = 0;
  if (frontmatter !== null) {
    const position = positionOf(source, frontmatter.start, frontmatter.end);
    collector.sections.push({ type: 'yaml', position });
    if (frontmatter.data !== null) {
      metadata.frontmatter = frontmatter.data;
      metadata.frontmatterPosition = position;
      metadata.frontmatterLinks = findFrontmatterLinks(frontmatter.data);
    }
    bodyLine = frontmatter.bodyLine;
  }
  collectRootBlocks(collector, parseBlocks(content, bodyLines(source, bodyLine)));
  return fillMetadata(collector, metadata);
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
