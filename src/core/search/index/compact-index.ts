import { ChunkTable } from './chunk-table';
import { NOTE_FIELD_COUNT } from './fields';
import { LexicalIndex } from './lexical-index';
import { NoteTable } from './note-table';
import { createPostingBuffer, PostingPool } from './posting-pool';

/** Share of tombstoned chunks, or of never-written pool bytes, above which compaction pays. */
export const COMPACTION_THRESHOLD = 0.25;
const MINIMUM_WASTE = 1000;

/** True when `index` carries enough tombstones or slack to be worth compacting. */
export function needsCompaction(index: LexicalIndex): boolean {
  const deadShare = index.deadChunks / Math.max(1, index.chunks.count);
  const slackShare = index.pool.slack / Math.max(1, index.pool.size);
  return (index.deadChunks >= MINIMUM_WASTE && deadShare > COMPACTION_THRESHOLD) || (index.pool.size > 1 << 20 && slackShare > COMPACTION_THRESHOLD);
}

/** Postings rewritten between two calls of the pacer during compaction. */
const POSTINGS_PER_PAUSE = 32_768;

/**
 * A new index with the same live notes and terms, renumbered densely: tombstones dropped and
 * every term's postings in one exact-size block. `pause` is awaited every few hundred notes and terms; the
 * source must not change meanwhile (the caller holds its work lock), and stays queryable.
 */
export async function compactIndex(source: LexicalIndex, pause: () => Promise<void>): Promise<LexicalIndex> {
  const notes = new NoteTable();
  const chunks = new ChunkTable();
  const chunkIds = new Int32Array(source.chunks.count).fill(-1);
  for (let noteId = 0; noteId < source.notes.count; noteId += 1) {
    if (source.notes.live[noteId] === 1) copyNote(source, noteId, notes, chunks, chunkIds);
    if (noteId % 256 === 0) await pause();
  }
  const pool = new PostingPool();
  const buffer = createPostingBuffer();
  let postingsSincePause = 0;
  for (let term = 0; term < source.terms.size; term += 1) {
    const count = source.pool.decode(term, buffer);
    postingsSincePause += count;
    let kept = 0;
    for (let index = 0; index < count; index += 1) {
      const chunk = chunkIds[buffer.docs[index] ?? 0] ?? -1;
      if (chunk < 0) continue;
      buffer.docs[kept] = chunk;
      buffer.values[kept] = buffer.values[index] ?? 0;
      kept += 1;
    }
    pool.writeList(term, buffer.docs, buffer.values, kept);
    // Pace by work done, not by terms: at 100k notes one common term holds ~100k postings, and
    // 256 such terms between pauses held the thread for over 200 ms.
    if (postingsSincePause >= POSTINGS_PER_PAUSE || term % 256 === 0) {
      postingsSincePause = 0;
      await pause();
    }
  }
  return new LexicalIndex({ terms: source.terms, pool, chunks, notes });
}

function copyNote(source: LexicalIndex, noteId: number, notes: NoteTable, chunks: ChunkTable, chunkIds: Int32Array): void {
  const first = source.notes.firstChunks[noteId] ?? 0;
  const count = source.notes.chunkCounts[noteId] ?? 0;
  const newNoteId = notes.count;
  const firstChunk = chunks.count;
  for (let chunk = first; chunk < first + count; chunk += 1) {
    chunkIds[chunk] = chunks.add({
      note: newNoteId,
      line: source.chunks.lines[chunk] ?? 0,
      heading: source.chunks.headings[chunk] ?? null,
      hashHigh: source.chunks.hashHighs[chunk] ?? 0,
      hashLow: source.chunks.hashLows[chunk] ?? 0,
      headingLength: source.chunks.headingLengths[chunk] ?? 0,
      bodyLength: source.chunks.bodyLengths[chunk] ?? 0,
    });
  }
  const fieldLengths = Array.from(source.notes.fieldLengths.subarray(noteId * NOTE_FIELD_COUNT, (noteId + 1) * NOTE_FIELD_COUNT));
  notes.add({ path: source.notes.paths[noteId] ?? '', tags: source.notes.tags[noteId] ?? [], mtime: source.notes.mtimes[noteId] ?? 0, size: source.notes.sizes[noteId] ?? 0, firstChunk, chunkCount: count, fieldLengths });
}
