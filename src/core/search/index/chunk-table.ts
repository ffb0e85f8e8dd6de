import { growArray } from './grow-array';

/** What the index keeps about one chunk. */
export interface ChunkRow {
  note: number;
  line: number;
  heading: string | null;
  hashHigh: number;
  hashLow: number;
  headingLength: number;
  bodyLength: number;
}

/** The arrays a {@link ChunkTable} is made of, as persisted (`count` rows each). */
export interface ChunkTableArrays {
  notes: Int32Array;
  lines: Int32Array;
  hashHighs: Uint32Array;
  hashLows: Uint32Array;
  headingLengths: Uint32Array;
  bodyLengths: Uint32Array;
  live: Uint8Array;
  headings: (string | null)[];
}

/**
 * Chunks by id, column-wise in typed arrays: owning note, start line, heading, content hash and
 * the token lengths of the chunk fields. Ids are dense and only grow; a removed chunk stays as a
 * tombstone (`live` 0) until compaction renumbers.
 */
export class ChunkTable {
  count = 0;
  notes = new Int32Array(1024);
  lines = new Int32Array(1024);
  hashHighs = new Uint32Array(1024);
  hashLows = new Uint32Array(1024);
  headingLengths = new Uint32Array(1024);
  bodyLengths = new Uint32Array(1024);
  live = new Uint8Array(1024);
  headings: (string | null)[] = [];

  /** A table holding `count` rows from persisted arrays. */
  static fromArrays(arrays: ChunkTableArrays): ChunkTable {
    const table = new ChunkTable();
    Object.assign(table, arrays, { count: arrays.notes.length });
    return table;
  }

  /** Appends a live chunk; returns its id. */
  add(row: ChunkRow): number {
    const id = this.count;
    this.ensure(id + 1);
    this.notes[id] = row.note;
    this.lines[id] = row.line;
    this.hashHighs[id] = row.hashHigh;
    this.hashLows[id] = row.hashLow;
    this.headingLengths[id] = row.headingLength;
    this.bodyLengths[id] = row.bodyLength;
    this.live[id] = 1;
    this.headings[id] = row.heading;
    this.count = id + 1;
    return id;
  }

  /** The rows' arrays trimmed to `count`, for persistence. */
  toArrays(): ChunkTableArrays {
    const count = this.count;
    return {
      notes: this.notes.slice(0, count),
      lines: this.lines.slice(0, count),
      hashHighs: this.hashHighs.slice(0, count),
      hashLows: this.hashLows.slice(0, count),
      headingLengths: this.headingLengths.slice(0, count),
      bodyLengths: this.bodyLengths.slice(0, count),
      live: this.live.slice(0, count),
      headings: this.headings.slice(0, count),
    };
  }

  private ensure(length: number): void {
    this.notes = growArray(this.notes, length);
    this.lines = growArray(this.lines, length);
    this.hashHighs = growArray(this.hashHighs, length);
    this.hashLows = growArray(this.hashLows, length);
    this.headingLengths = growArray(this.headingLengths, length);
    this.bodyLengths = growArray(this.bodyLengths, length);
    this.live = growArray(this.live, length);
  }
}
