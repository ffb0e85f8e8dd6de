import { buildOutline } from '../../markdown/build-outline';
import { createLineIndex, type LineIndex } from '../../markdown/line-index';
import { locateFrontmatter } from '../../metadata/frontmatter';
import { parseMetadata } from '../../metadata/parse-metadata';
import type { CachedMetadata, HeadingCache } from '../../metadata/types';
import type { Chunk } from '../chunk';
import { hashText } from './hash-text';
import { runSteps, type Steps } from '../../steps';

/** Sections longer than this (UTF-16 units) are cut at paragraph breaks into several chunks. */
export const MAX_CHUNK_LENGTH = 4000;

/**
 * Cuts a note into chunks by heading section: the text before the first heading (when not
 * blank), then one chunk per heading up to the next heading of any level. Frontmatter is no
 * part of any chunk. A section longer than {@link MAX_CHUNK_LENGTH} is cut at blank lines (or
 * line breaks) into pieces that keep its heading. A note without content still gets one empty
 * chunk, so every note has at least one. `cache` is the host's metadata; when it is missing or
 * does not match `text` (it can lag behind an edit), the note is parsed here.
 */
export function chunkNote(path: string, text: string, cache?: CachedMetadata | null): Chunk[] {
  return splitNote(path, text, cache).chunks;
}

/** {@link chunkNote}, also returning the metadata it used (the host's, or its own parse). */
export function splitNote(path: string, text: string, cache?: CachedMetadata | null): SplitNote {
  return runSteps(splitNoteSteps(path, text, cache));
}

/** A note cut into chunks, with the metadata used to cut it. */
export interface SplitNote {
  chunks: Chunk[];
  metadata: CachedMetadata;
}

/** Chunks hashed between two steps of {@link splitNoteSteps}. */
const CHUNKS_PER_STEP = 16;

/** {@link splitNote} in steps, so a long note's chunks are cut and hashed a few at a time. */
export function* splitNoteSteps(path: string, text: string, cache?: CachedMetadata | null): Steps<SplitNote> {
  const lines = createLineIndex(text);
  const metadata = cache !== null && cache !== undefined && headingsMatch(cache.headings, lines) ? cache : parseMetadata(text);
  const bodyLine = bodyStartLine(text);
  const outline = buildOutline(metadata.headings).filter((entry) => entry.line >= bodyLine);
  const sections = [{ heading: null as string | null, path: [] as string[], line: bodyLine }, ...outline.map((entry) => ({ heading: entry.heading, path: entry.path, line: entry.line }))];
  const chunks: Chunk[] = [];
  for (const [index, section] of sections.entries()) {
    const end = lines.start(sections[index + 1]?.line ?? Number.MAX_SAFE_INTEGER);
    const sectionText = text.slice(lines.start(section.line), end);
    if (section.heading === null && sectionText.trim() === '' && sections.length > 1) continue;
    for (const piece of splitLongText(sectionText, section.line)) {
      chunks.push({ path, heading: section.heading, headingPath: section.path, line: piece.line, text: piece.text, hash: hashText(piece.text) });
      if (chunks.length % CHUNKS_PER_STEP === 0) yield;
    }
  }
  return { chunks, metadata };
}

/** True when every cached heading's (first) line is where the cache says: the cache describes this text. */
function headingsMatch(headings: readonly HeadingCache[] | undefined, lines: LineIndex): boolean {
  return (headings ?? []).every((heading) => lines.content(heading.position.start.line).includes(heading.heading.split('\n', 1)[0] ?? ''));
}

/**
 * The first line after the frontmatter block (valid YAML or not, as the parser's `yaml` section),
 * found from the text: a host's compact metadata has no sections.
 */
function bodyStartLine(text: string): number {
  const frontmatter = locateFrontmatter(text);
  return frontmatter === null ? 0 : frontmatter.closingLine + 1;
}

function splitLongText(text: string, line: number): { text: string; line: number }[] {
  const pieces: { text: string; line: number }[] = [];
  let rest = text;
  let restLine = line;
  while (rest.length > MAX_CHUNK_LENGTH) {
    const cut = findCut(rest);
    const piece = rest.slice(0, cut);
    pieces.push({ text: piece, line: restLine });
    restLine += countLineBreaks(piece);
    rest = rest.slice(cut);
  }
  pieces.push({ text: rest, line: restLine });
  return pieces;
}

/** Where to cut an over-long text: after the last blank line, else line break, else space, before the limit. */
function findCut(text: string): number {
  const window = text.slice(0, MAX_CHUNK_LENGTH);
  const paragraph = window.lastIndexOf('\n\n');
  if (paragraph > MAX_CHUNK_LENGTH / 2) return paragraph + 2;
  const line = window.lastIndexOf('\n');
  if (line > MAX_CHUNK_LENGTH / 2) return line + 1;
  const space = window.lastIndexOf(' ');
  return space > MAX_CHUNK_LENGTH / 2 ? space + 1 : MAX_CHUNK_LENGTH;
}

function countLineBreaks(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count += 1;
  return count;
}
