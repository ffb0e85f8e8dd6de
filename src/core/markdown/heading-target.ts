import type { HeadingCache } from '../metadata/types';
import { parseMetadata } from '../metadata/parse-metadata';
import { findHeading } from './find-heading';
import { lastLineOf } from './last-line-of';
import { createLineIndex, type LineIndex } from './line-index';

/** A heading an op targets, with the line arithmetic the op needs. */
export interface HeadingTarget {
  readonly heading: HeadingCache;
  readonly lines: LineIndex;
  /** The heading's first line (0-based). */
  readonly firstLine: number;
  /** The heading's last line: the same line for `#` headings, the underline for setext ones. */
  readonly lastLine: number;
  /** The line of the next heading of the same or a higher level, or `undefined` at end of file. */
  readonly sectionEndLine: number | undefined;
}

/**
 * Parses `text` as Obsidian does and resolves `query` to one heading (see `findHeading`, which
 * throws `heading_not_found` / `heading_ambiguous`), then measures its section: from the heading
 * line up to the line before the next heading whose level is the same or higher (a lower or equal
 * number), or the end of the file.
 */
export function resolveHeadingTarget(text: string, query: string): HeadingTarget {
  const headings = parseMetadata(text).headings ?? [];
  const heading = findHeading(headings, query);
  const index = headings.indexOf(heading);
  const following = headings.slice(index + 1).find((next) => next.level <= heading.level);
  return {
    heading,
    lines: createLineIndex(text),
    firstLine: heading.position.start.line,
    lastLine: lastLineOf(heading.position),
    sectionEndLine: following?.position.start.line,
  };
}
