import type { Chunk } from '../chunk';
import { ChunkTable } from './chunk-table';
import { Field, FIELD_BITS, FIELD_COUNT, NOTE_FIELD_COUNT } from './fields';
import type { NoteInput } from './note-input';
import { NoteTable } from './note-table';
import { PostingPool } from './posting-pool';
import { TermCounter } from './term-counter';
import { TermDictionary } from './term-dictionary';
import { WordTable } from './word-table';
import { runSteps, type Steps } from '../../steps';

const EMPTY_CHUNK: Chunk = { path: '', heading: null, headingPath: [], line: 0, text: '', hash: '0000000000000000' };

/** The parts a {@link LexicalIndex} is made of (fresh, loaded from disk, or compacted). */
export interface LexicalIndexParts {
  terms: TermDictionary;
  pool: PostingPool;
  chunks: ChunkTable;
  notes: NoteTable;
}

/**
 * The inverted index of our own: a term dictionary, every term's postings in one byte pool
 * (doc = chunk id, value = term frequency and field), and column tables of chunks and notes.
 * Note fields are posted on a note's first chunk. Replacing a note tombstones its old rows and
 * appends new ones, so an update costs what indexing the note costs; {@link compactIndex}
 * reclaims the tombstones. Keeps live totals (counts, field lengths) for BM25.
 */
export class LexicalIndex {
  terms: TermDictionary;
  pool: PostingPool;
  chunks: ChunkTable;
  notes: NoteTable;
  liveNotes = 0;
  liveChunks = 0;
  /** Sum of each field's token length over live docs (note fields over notes, chunk fields over chunks). */
  readonly fieldTotals = new Float64Array(FIELD_COUNT);
  private words: WordTable | null = null;
  private readonly counters = Array.from({ length: FIELD_COUNT }, () => new TermCounter());
  private upserting = false;

  constructor(parts?: LexicalIndexParts) {
    this.terms = parts?.terms ?? new TermDictionary();
    this.pool = parts?.pool ?? new PostingPool();
    this.chunks = parts?.chunks ?? new ChunkTable();
    this.notes = parts?.notes ?? new NoteTable();
    this.recount();
  }

  /** The live note id of `path`, or undefined. */
  noteIdOf(path: string): number | undefined {
    return this.notes.byPath.get(path);
  }

  /** Chunk rows that are tombstones. */
  get deadChunks(): number {
    return this.chunks.count - this.liveChunks;
  }

  /** Indexes `note`, replacing what was indexed under its path (a note without chunks gets an empty one). */
  upsert(note: NoteInput): void {
    runSteps(this.upsertInSteps(note));
  }

  /**
   * {@link upsert} one chunk per step, so a caller can yield between steps on a long note. Until
   * the last step the index answers as before: the old version stays live, the new chunks are
   * not live yet. Steps of two upserts may not interleave (they share the term counters).
   */
  *upsertInSteps(note: NoteInput): Steps<void> {
    if (this.upserting) throw new Error('LexicalIndex: an upsert is already in progress');
    this.upserting = true;
    try {
      const words = (this.words ??= new WordTable(this.terms));
      const counters = this.counters;
      for (const counter of counters) counter.reset();
      note.fieldTexts.forEach((text, field) => counters[field]?.countText(text, words));
      const noteId = this.notes.count;
      const firstChunk = this.chunks.count;
      const chunks = note.chunks.length === 0 ? [EMPTY_CHUNK] : note.chunks;
      const [headings, body] = [counters[Field.HEADINGS] as TermCounter, counters[Field.BODY] as TermCounter];
      for (const [index, chunk] of chunks.entries()) {
        headings.countText(chunk.headingPath.join('\n'), words);
        body.countText(chunk.text, words);
        // `hash` is hashText's 16 hex digits: its two 32-bit lanes.
        const chunkId = this.chunks.add({ note: noteId, line: chunk.line, heading: chunk.heading, hashHigh: Number.parseInt(chunk.hash.slice(0, 8), 16), hashLow: Number.parseInt(chunk.hash.slice(8, 16), 16), headingLength: headings.length, bodyLength: body.length });
        this.chunks.live[chunkId] = 0; // live with its note, at the last step (adjustTotals)
        for (let field = index === 0 ? 0 : NOTE_FIELD_COUNT; field < FIELD_COUNT; field += 1) this.post(counters[field] as TermCounter, chunkId, field);
        headings.reset();
        body.reset();
        if (index < chunks.length - 1) yield;
      }
      const fieldLengths = counters.slice(0, NOTE_FIELD_COUNT).map((counter) => counter.length);
      for (const counter of counters) counter.reset();
      this.remove(note.path);
      this.notes.add({ path: note.path, tags: note.tags, mtime: note.mtime, size: note.size, firstChunk, chunkCount: chunks.length, fieldLengths });
      this.adjustTotals(noteId, 1);
    } finally {
      this.upserting = false;
    }
  }

  /** Drops the word cache (rebuilt on the next upsert): call after a bulk build to give its memory back. */
  releaseWordCache(): void {
    this.words = null;
  }

  /** Tombstones the note at `path` and its chunks; false when it is not indexed. */
  remove(path: string): boolean {
    const noteId = this.notes.byPath.get(path);
    if (noteId === undefined) return false;
    this.notes.byPath.delete(path);
    this.notes.live[noteId] = 0;
    this.adjustTotals(noteId, -1);
    return true;
  }

  /** Recomputes the live totals from the tables (after loading or compacting). */
  recount(): void {
    this.liveNotes = 0;
    this.liveChunks = 0;
    this.fieldTotals.fill(0);
    for (let noteId = 0; noteId < this.notes.count; noteId += 1) if (this.notes.live[noteId] === 1) this.adjustTotals(noteId, 1);
  }

  private adjustTotals(noteId: number, sign: 1 | -1): void {
    const { notes, chunks } = this;
    for (let field = 0; field < NOTE_FIELD_COUNT; field += 1) this.fieldTotals[field] = (this.fieldTotals[field] ?? 0) + sign * (notes.fieldLengths[noteId * NOTE_FIELD_COUNT + field] ?? 0);
    const first = notes.firstChunks[noteId] ?? 0;
    const count = notes.chunkCounts[noteId] ?? 0;
    for (let chunk = first; chunk < first + count; chunk += 1) {
      chunks.live[chunk] = sign === 1 ? 1 : 0;
      this.fieldTotals[Field.HEADINGS] = (this.fieldTotals[Field.HEADINGS] ?? 0) + sign * (chunks.headingLengths[chunk] ?? 0);
      this.fieldTotals[Field.BODY] = (this.fieldTotals[Field.BODY] ?? 0) + sign * (chunks.bodyLengths[chunk] ?? 0);
    }
    this.liveNotes += sign;
    this.liveChunks += sign * count;
  }

  private post(counter: TermCounter, chunkId: number, field: number): void {
    counter.forEach((termId, count) => this.pool.append(termId, chunkId, (count << FIELD_BITS) | field));
  }
}
