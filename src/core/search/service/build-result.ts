import { noteTags } from '../../notes/note-tags';
import { basenameOf } from '../../vault/paths';
import type { VaultHost } from '../../vault/vault-host';
import { MAX_CHUNK_LENGTH } from '../chunking/chunk-note';
import type { LexicalIndex } from '../index/lexical-index';
import { buildSnippet } from '../query/snippet';
import type { MatchedIn, SearchResult } from './search-types';

/** A ranked note before it is dressed as a result: which section to show and what matched. */
export interface RankedNote {
  path: string;
  score: number;
  /** The best section as a chunk id of the index, when the lexical side found it. */
  chunkId: number | null;
  /** The best section's content hash, when the embedding side found it. */
  hash: string | null;
  matchedIn: MatchedIn[];
}

/**
 * Dresses a ranked note as a `vault_search` result: title, tags, the best section's heading and
 * line, and a snippet of that section with `terms` highlighted (read from the host, so it
 * shows the note as it is now).
 */
export async function buildResult(index: LexicalIndex, host: VaultHost, ranked: RankedNote, terms: ReadonlySet<string>): Promise<SearchResult> {
  const noteId = index.noteIdOf(ranked.path);
  const chunkId = ranked.chunkId ?? (noteId === undefined ? null : chunkWithHash(index, noteId, ranked.hash));
  const line = chunkId === null ? 0 : (index.chunks.lines[chunkId] ?? 0);
  const next = chunkId !== null && index.chunks.notes[chunkId + 1] === noteId && chunkId + 1 < index.chunks.count ? (index.chunks.lines[chunkId + 1] ?? null) : null;
  const metadata = noteId === undefined ? host.getMetadata(ranked.path) : null;
  const text = await host.read(ranked.path).catch(() => '');
  return {
    path: ranked.path,
    title: basenameOf(ranked.path),
    score: Math.round(ranked.score * 10_000) / 10_000,
    snippet: buildSnippet(sectionText(text, line, next), terms),
    heading: chunkId === null ? null : (index.chunks.headings[chunkId] ?? null),
    line,
    tags: noteId === undefined ? (metadata === null ? [] : noteTags(metadata)) : (index.notes.tags[noteId] ?? []),
    matched_in: ranked.matchedIn,
  };
}

/** The note's chunk with content hash `hash`, else its first chunk. */
function chunkWithHash(index: LexicalIndex, noteId: number, hash: string | null): number {
  const first = index.notes.firstChunks[noteId] ?? 0;
  const count = index.notes.chunkCounts[noteId] ?? 0;
  const high = hash === null ? -1 : Number.parseInt(hash.slice(0, 8), 16);
  const low = hash === null ? -1 : Number.parseInt(hash.slice(8, 16), 16);
  for (let chunk = first; chunk < first + count; chunk += 1) if (index.chunks.hashHighs[chunk] === high && index.chunks.hashLows[chunk] === low) return chunk;
  return first;
}

/** The text from `line` up to `nextLine` (or at most a chunk's length), as the section was when indexed. */
function sectionText(text: string, line: number, nextLine: number | null): string {
  const start = offsetOfLine(text, line, 0, 0);
  const end = nextLine === null || nextLine <= line ? start + MAX_CHUNK_LENGTH : offsetOfLine(text, nextLine, line, start);
  return text.slice(start, end);
}

/** The offset where 0-based `line` starts, counting on from `fromLine` at `fromOffset` (the text's length past its end). */
function offsetOfLine(text: string, line: number, fromLine: number, fromOffset: number): number {
  let offset = fromOffset;
  for (let current = fromLine; current < line; current += 1) {
    const next = text.indexOf('\n', offset);
    if (next === -1) return text.length;
    offset = next + 1;
  }
  return offset;
}
