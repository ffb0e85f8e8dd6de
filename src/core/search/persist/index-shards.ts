import { ChunkTable } from '../index/chunk-table';
import { NOTE_FIELD_COUNT } from '../index/fields';
import type { LexicalIndex } from '../index/lexical-index';
import { NoteTable } from '../index/note-table';
import { PostingPool } from '../index/posting-pool';
import type { SectionArray } from './shard-codec';
import { ShardProblem } from './shard-problem';
import { decodeNonNullStrings, decodeStrings, encodeStrings } from './string-list';

/**
 * The kinds of shard, as each header records them: the vocabulary, the per-term posting chain
 * state, the posting bytes (in parts of at most {@link POOL_PART_BYTES}, so no save or load step
 * copies or hashes more than that at once), chunks and notes.
 */
export const SHARD_KINDS = { terms: 1, postings: 2, pool: 5, chunks: 3, notes: 4 } as const;

/** Largest part of the posting bytes in one shard. */
export const POOL_PART_BYTES = 4 << 20;

/** Sections of the term shard: the vocabulary in id order. */
export function termSections(index: LexicalIndex): SectionArray[] {
  const { lengths, text } = encodeStrings(index.terms.all());
  return [lengths, text];
}

/** The pool's bytes cut into parts of at most {@link POOL_PART_BYTES} (views, valid until the pool changes). */
export function poolParts(index: LexicalIndex): Uint8Array[] {
  const bytes = index.pool.toArrays(index.terms.size).bytes;
  const parts: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += POOL_PART_BYTES) parts.push(bytes.subarray(start, start + POOL_PART_BYTES));
  return parts;
}

/** Sections of the postings shard: per-term chain state and the lengths of the pool's parts. */
export function postingSections(index: LexicalIndex, parts: readonly Uint8Array[]): SectionArray[] {
  const arrays = index.pool.toArrays(index.terms.size);
  return [arrays.heads, arrays.tails, arrays.ends, arrays.limits, arrays.lastDocs, Uint32Array.from(parts, (part) => part.length)];
}

/** Sections of the chunk shard. */
export function chunkSections(index: LexicalIndex): SectionArray[] {
  const arrays = index.chunks.toArrays();
  const headings = encodeStrings(arrays.headings);
  return [arrays.notes, arrays.lines, arrays.hashHighs, arrays.hashLows, arrays.headingLengths, arrays.bodyLengths, arrays.live, headings.lengths, headings.text];
}

/** Sections of the note shard (its stat columns are the manifest start-up reconciles against). */
export function noteSections(index: LexicalIndex): SectionArray[] {
  const arrays = index.notes.toArrays();
  const paths = encodeStrings(arrays.paths);
  const tags = encodeStrings(arrays.tags.flat());
  const tagCounts = Uint32Array.from(arrays.tags, (list) => list.length);
  return [paths.lengths, paths.text, tags.lengths, tags.text, tagCounts, arrays.mtimes, arrays.sizes, arrays.firstChunks, arrays.chunkCounts, arrays.fieldLengths, arrays.live];
}

/** Reads the term shard's sections back into the vocabulary, in id order, pausing as it goes. */
export async function termsFrom(sections: SectionArray[], pause: () => Promise<void>): Promise<string[]> {
  const read = new SectionCursor(sections);
  const terms = await decodeNonNullStrings({ lengths: read.next(Uint32Array), text: read.next(Uint8Array) }, pause);
  read.end();
  return terms;
}

/** The chain state and part lengths of the postings shard, before the pool's bytes are read. */
export interface PostingState {
  heads: Int32Array;
  tails: Int32Array;
  ends: Int32Array;
  limits: Int32Array;
  lastDocs: Int32Array;
  partLengths: Uint32Array;
}

/** Reads the postings shard's sections. */
export function postingStateFrom(sections: SectionArray[]): PostingState {
  const read = new SectionCursor(sections);
  const [heads, tails, ends, limits, lastDocs] = [0, 1, 2, 3, 4].map(() => read.next(Int32Array)) as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
  const partLengths = read.next(Uint32Array);
  read.end();
  return { heads, tails, ends, limits, lastDocs, partLengths };
}

/** Reads one pool part shard's sections. */
export function poolPartFrom(sections: SectionArray[]): Uint8Array {
  const read = new SectionCursor(sections);
  const part = read.next(Uint8Array);
  read.end();
  return part;
}

/** A pool from its chain state and reassembled bytes; `termCount` must match. */
export function poolFrom(state: PostingState, bytes: Uint8Array, termCount: number): PostingPool {
  const { heads, tails, ends, limits, lastDocs } = state;
  if ([heads, tails, ends, limits, lastDocs].some((array) => array.length !== termCount)) throw new ShardProblem('postings and terms disagree');
  if (heads.some((head) => head >= bytes.length) || ends.some((end) => end > bytes.length)) throw new ShardProblem('a posting chain points past the pool');
  return new PostingPool({ bytes, heads, tails, ends, limits, lastDocs });
}

/** Reads the chunk shard's sections back into a table. */
export async function chunksFrom(sections: SectionArray[], pause: () => Promise<void>): Promise<ChunkTable> {
  const read = new SectionCursor(sections);
  const [notes, lines] = [read.next(Int32Array), read.next(Int32Array)];
  const [hashHighs, hashLows, headingLengths, bodyLengths] = [0, 1, 2, 3].map(() => read.next(Uint32Array)) as [Uint32Array, Uint32Array, Uint32Array, Uint32Array];
  const live = read.next(Uint8Array);
  const headings = await decodeStrings({ lengths: read.next(Uint32Array), text: read.next(Uint8Array) }, pause);
  read.end();
  if ([lines, hashHighs, hashLows, headingLengths, bodyLengths, live, headings].some((column) => column.length !== notes.length)) throw new ShardProblem('chunk columns disagree');
  return ChunkTable.fromArrays({ notes, lines, hashHighs, hashLows, headingLengths, bodyLengths, live, headings });
}

/** Reads the note shard's sections back into a table. */
export async function notesFrom(sections: SectionArray[], pause: () => Promise<void>): Promise<NoteTable> {
  const read = new SectionCursor(sections);
  const paths = await decodeNonNullStrings({ lengths: read.next(Uint32Array), text: read.next(Uint8Array) }, pause);
  const flatTags = await decodeNonNullStrings({ lengths: read.next(Uint32Array), text: read.next(Uint8Array) }, pause);
  const tagCounts = read.next(Uint32Array);
  const [mtimes, sizes] = [read.next(Float64Array), read.next(Float64Array)];
  const [firstChunks, chunkCounts] = [read.next(Int32Array), read.next(Int32Array)];
  const [fieldLengths, live] = [read.next(Uint32Array), read.next(Uint8Array)];
  read.end();
  let at = 0;
  const tags = Array.from(tagCounts, (count) => flatTags.slice(at, (at += count)));
  if (at !== flatTags.length || fieldLengths.length !== paths.length * NOTE_FIELD_COUNT || [tagCounts, mtimes, sizes, firstChunks, chunkCounts, live].some((column) => column.length !== paths.length)) throw new ShardProblem('note columns disagree');
  return NoteTable.fromArrays({ paths, tags, mtimes, sizes, firstChunks, chunkCounts, fieldLengths, live });
}

/** Reads sections in order, each of an expected type. */
class SectionCursor {
  private position = 0;

  constructor(private readonly sections: readonly SectionArray[]) {}

  next<T extends SectionArray>(type: abstract new (...args: never[]) => T): T {
    const section = this.sections[this.position++];
    if (!(section instanceof type)) throw new ShardProblem('unexpected section layout');
    return section;
  }

  end(): void {
    if (this.position !== this.sections.length) throw new ShardProblem('unexpected section count');
  }
}
