import { NOTE_FIELD_COUNT } from './fields';
import { growArray } from './grow-array';

/** What the index keeps about one note. */
export interface NoteRow {
  path: string;
  tags: string[];
  mtime: number;
  size: number;
  firstChunk: number;
  chunkCount: number;
  /** Token lengths of the note fields (title, aliases, tags, path). */
  fieldLengths: readonly number[];
}

/** The arrays a {@link NoteTable} is made of, as persisted (`count` rows each). */
export interface NoteTableArrays {
  paths: string[];
  tags: string[][];
  mtimes: Float64Array;
  sizes: Float64Array;
  firstChunks: Int32Array;
  chunkCounts: Int32Array;
  fieldLengths: Uint32Array;
  live: Uint8Array;
}

/**
 * Notes by id, column-wise: path, tags, stat (mtime and size, what start-up reconciles against),
 * chunk range and note-field lengths (`fieldLengths[id * 4 + field]`). Ids only grow; replacing
 * or removing a note leaves a tombstone until compaction; `byPath` names each live note's id.
 */
export class NoteTable {
  count = 0;
  paths: string[] = [];
  tags: string[][] = [];
  mtimes = new Float64Array(256);
  sizes = new Float64Array(256);
  firstChunks = new Int32Array(256);
  chunkCounts = new Int32Array(256);
  fieldLengths = new Uint32Array(256 * NOTE_FIELD_COUNT);
  live = new Uint8Array(256);
  readonly byPath = new Map<string, number>();

  /** A table holding persisted rows; `byPath` is rebuilt from the live ones. */
  static fromArrays(arrays: NoteTableArrays): NoteTable {
    const table = new NoteTable();
    Object.assign(table, arrays, { count: arrays.paths.length });
    arrays.paths.forEach((path, id) => {
      if (arrays.live[id] === 1) table.byPath.set(path, id);
    });
    return table;
  }

  /** Appends a live note and points its path at it; returns its id. */
  add(row: NoteRow): number {
    const id = this.count;
    this.ensure(id + 1);
    this.paths[id] = row.path;
    this.tags[id] = row.tags;
    this.mtimes[id] = row.mtime;
    this.sizes[id] = row.size;
    this.firstChunks[id] = row.firstChunk;
    this.chunkCounts[id] = row.chunkCount;
    row.fieldLengths.forEach((length, field) => (this.fieldLengths[id * NOTE_FIELD_COUNT + field] = length));
    this.live[id] = 1;
    this.byPath.set(row.path, id);
    this.count = id + 1;
    return id;
  }

  /** The rows' arrays trimmed to `count`, for persistence. */
  toArrays(): NoteTableArrays {
    const count = this.count;
    return {
      paths: this.paths.slice(0, count),
      tags: this.tags.slice(0, count),
      mtimes: this.mtimes.slice(0, count),
      sizes: this.sizes.slice(0, count),
      firstChunks: this.firstChunks.slice(0, count),
      chunkCounts: this.chunkCounts.slice(0, count),
      fieldLengths: this.fieldLengths.slice(0, count * NOTE_FIELD_COUNT),
      live: this.live.slice(0, count),
    };
  }

  private ensure(length: number): void {
    this.mtimes = growArray(this.mtimes, length);
    this.sizes = growArray(this.sizes, length);
    this.firstChunks = growArray(this.firstChunks, length);
    this.chunkCounts = growArray(this.chunkCounts, length);
    this.fieldLengths = growArray(this.fieldLengths, length * NOTE_FIELD_COUNT);
    this.live = growArray(this.live, length);
  }
}
