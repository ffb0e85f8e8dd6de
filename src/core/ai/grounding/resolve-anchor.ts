import { buildOutline, type OutlineEntry } from '../../markdown/build-outline';
import { findBlock } from '../../markdown/find-block';
import { parseHeadingQuery } from '../../markdown/heading-query';
import { matchHeadings } from '../../markdown/match-headings';
import { isIndxError } from '../../errors';
import type { BlockCache, CachedMetadata } from '../../metadata/types';

/** Where an anchor points: its canonical form and the lines it covers (0-based, inclusive). */
export interface AnchorTarget {
  /** The heading's text as written in the note, or `^id` for a block. */
  anchor: string;
  line: number;
  endLine: number;
  kind: 'heading' | 'block';
}

/**
 * Resolves a model's anchor in a note. A heading is named by its text (case ignored when nothing
 * matches exactly), with or without leading `#`s, or by its path of heading texts (`A > B`, or
 * `A#B` as in a link's subpath); it covers its section, up to the next heading of the same or a
 * higher level. A block is named `^id`, `#^id` or bare `id`, as Obsidian's block references, and
 * covers its lines. Where several headings match, the one whose section holds `nearLine` wins,
 * else the first. Null when nothing matches.
 */
export function resolveAnchor(metadata: CachedMetadata, lineCount: number, anchor: string, nearLine?: number): AnchorTarget | null {
  const trimmed = anchor.trim();
  if (trimmed === '') return null;
  if (/^#?\^/.test(trimmed)) return blockTarget(metadata, trimmed.replace(/^#?\^/, ''));
  return headingTarget(metadata, lineCount, trimmed, nearLine) ?? (/\s/.test(trimmed) ? null : blockTarget(metadata, trimmed));
}

function headingTarget(metadata: CachedMetadata, lineCount: number, anchor: string, nearLine: number | undefined): AnchorTarget | null {
  const outline = buildOutline(metadata.headings);
  for (const query of headingQueries(anchor)) {
    const found = matchedHeadings(outline, query).map((index) => sectionOf(outline, index, lineCount));
    const chosen = found.find((target) => nearLine !== undefined && nearLine >= target.line && nearLine <= target.endLine) ?? found[0];
    if (chosen !== undefined) return chosen;
  }
  return null;
}

/** The readings of an anchor to try in turn: as given, without `#`s glued to it, `A#B` as a path. */
function headingQueries(anchor: string): string[] {
  const unmarked = anchor.replace(/^#+/, '').trim();
  const asPath = unmarked.split('#').map((part) => part.trim()).join(' > ');
  return [...new Set([anchor, unmarked, asPath])];
}

function matchedHeadings(outline: readonly OutlineEntry[], query: string): number[] {
  try {
    return matchHeadings(outline, parseHeadingQuery(query));
  } catch (error: unknown) {
    if (isIndxError(error, 'invalid_input')) return [];
    throw error;
  }
}

function sectionOf(outline: readonly OutlineEntry[], index: number, lineCount: number): AnchorTarget {
  const entry = outline[index] as OutlineEntry;
  const next = outline.slice(index + 1).find((other) => other.level <= entry.level);
  return { anchor: entry.heading, line: entry.line, endLine: Math.max(entry.line, (next?.line ?? lineCount) - 1), kind: 'heading' };
}

function blockTarget(metadata: CachedMetadata, id: string): AnchorTarget | null {
  if (id === '' || /\s/.test(id)) return null;
  try {
    return toBlockTarget(findBlock(metadata, id));
  } catch (error: unknown) {
    // An id the note carries twice names no one block, so it cannot ground a citation either.
    if (isIndxError(error, 'block_not_found') || isIndxError(error, 'block_ambiguous')) return null;
    throw error;
  }
}

function toBlockTarget(block: BlockCache): AnchorTarget {
  const { start, end } = block.position;
  // An end at column 0 is the start of the line after the block.
  const endLine = end.col === 0 && end.line > start.line ? end.line - 1 : end.line;
  return { anchor: `^${block.id}`, line: start.line, endLine, kind: 'block' };
}
