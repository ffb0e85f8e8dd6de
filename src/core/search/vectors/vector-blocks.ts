import { quantizeInt8 } from './quantize-int8';
import type { VectorEncoding } from './vector-encoding';

/** The used rows of one block: `rows × dimensions` values (and one scale per row for int8). */
export interface VectorBlockData {
  rows: number;
  values: Float32Array | Int8Array;
  scales: Float32Array | null;
}

/** Rows per block, which is also the unit persisted as one shard. */
export const DEFAULT_BLOCK_ROWS = 4096;
const FIRST_CAPACITY = 64;

/**
 * Unit vectors in contiguous typed arrays: row `r` lives in block `r / blockRows`. A block's
 * arrays grow by doubling up to `blockRows`, so a small vault does not pay for a full block.
 * Rows are addressed by number; which rows are in use is the caller's business.
 */
export class VectorBlocks {
  private readonly blocks: VectorBlockData[] = [];

  constructor(
    readonly dimensions: number,
    readonly encoding: VectorEncoding,
    readonly blockRows = DEFAULT_BLOCK_ROWS,
  ) {}

  /** Number of blocks, including partly used ones. */
  get blockCount(): number {
    return this.blocks.length;
  }

  /** Bytes held by the typed arrays, spare capacity included. */
  get byteLength(): number {
    return this.blocks.reduce((total, block) => total + block.values.byteLength + (block.scales?.byteLength ?? 0), 0);
  }

  /** One past the highest row ever written. */
  get endRow(): number {
    const last = this.blocks.length - 1;
    return last < 0 ? 0 : last * this.blockRows + this.blocks[last]!.rows;
  }

  /** Stores a unit vector at `row`, growing the block as needed. */
  write(row: number, vector: Float32Array): void {
    const block = this.blockFor(row);
    const slot = row % this.blockRows;
    const offset = slot * this.dimensions;
    if (block.scales === null) (block.values as Float32Array).set(vector, offset);
    else block.scales[slot] = quantizeInt8(vector, block.values as Int8Array, offset);
  }

  /** The vector at `row` as float32 (dequantised for int8). */
  read(row: number): Float32Array {
    const block = this.blocks[Math.floor(row / this.blockRows)]!;
    const slot = row % this.blockRows;
    const values = block.values.subarray(slot * this.dimensions, (slot + 1) * this.dimensions);
    const scale = block.scales?.[slot] ?? 1;
    return Float32Array.from(values, (value) => value * scale);
  }

  /** Dot products of `query` with every used row of block `index`, written into `scores`. */
  scoreBlock(index: number, query: Float32Array, scores: Float32Array): number {
    const block = this.blocks[index]!;
    if (block.scales === null) scoreFloat32(query, block.values as Float32Array, block.rows, scores);
    else scoreInt8(query, block.values as Int8Array, block.scales, block.rows, scores);
    return block.rows;
  }

  /** The used part of block `index`, as views (for persistence). */
  blockData(index: number): VectorBlockData {
    const block = this.blocks[index]!;
    const values = block.values.subarray(0, block.rows * this.dimensions);
    return { rows: block.rows, values, scales: block.scales?.subarray(0, block.rows) ?? null };
  }

  /** Installs a loaded block (its arrays are taken, not copied); an empty block stands for a lost shard. */
  setBlock(index: number, data: VectorBlockData | null): void {
    while (this.blocks.length <= index) this.blocks.push(this.emptyBlock(0));
    this.blocks[index] = data ?? this.emptyBlock(0);
  }

  private blockFor(row: number): VectorBlockData {
    const index = Math.floor(row / this.blockRows);
    while (this.blocks.length <= index) this.blocks.push(this.emptyBlock(FIRST_CAPACITY));
    const block = this.blocks[index]!;
    const needed = (row % this.blockRows) + 1;
    if (needed * this.dimensions > block.values.length) this.blocks[index] = this.grown(block, needed);
    this.blocks[index]!.rows = Math.max(this.blocks[index]!.rows, needed);
    return this.blocks[index]!;
  }

  private grown(block: VectorBlockData, needed: number): VectorBlockData {
    let capacity = Math.max(FIRST_CAPACITY, block.values.length / this.dimensions);
    while (capacity < needed) capacity *= 2;
    const bigger = this.emptyBlock(Math.min(capacity, this.blockRows));
    bigger.values.set(block.values.subarray(0, block.rows * this.dimensions));
    if (block.scales !== null) bigger.scales!.set(block.scales.subarray(0, block.rows));
    bigger.rows = block.rows;
    return bigger;
  }

  private emptyBlock(capacity: number): VectorBlockData {
    const length = capacity * this.dimensions;
    if (this.encoding === 'float32') return { rows: 0, values: new Float32Array(length), scales: null };
    return { rows: 0, values: new Int8Array(length), scales: new Float32Array(capacity) };
  }
}

// Two monomorphic loops (one per array type), unrolled by four: about twice as fast in V8.
function scoreFloat32(query: Float32Array, values: Float32Array, rows: number, scores: Float32Array): void {
  const dimensions = query.length;
  const whole = dimensions - (dimensions % 4);
  for (let row = 0, offset = 0; row < rows; row += 1, offset += dimensions) {
    let first = 0;
    let second = 0;
    let third = 0;
    let fourth = 0;
    let component = 0;
    for (; component < whole; component += 4) {
      first += query[component]! * values[offset + component]!;
      second += query[component + 1]! * values[offset + component + 1]!;
      third += query[component + 2]! * values[offset + component + 2]!;
      fourth += query[component + 3]! * values[offset + component + 3]!;
    }
    for (; component < dimensions; component += 1) first += query[component]! * values[offset + component]!;
    scores[row] = first + second + third + fourth;
  }
}

function scoreInt8(query: Float32Array, values: Int8Array, scales: Float32Array, rows: number, scores: Float32Array): void {
  const dimensions = query.length;
  const whole = dimensions - (dimensions % 4);
  for (let row = 0, offset = 0; row < rows; row += 1, offset += dimensions) {
    let first = 0;
    let second = 0;
    let third = 0;
    let fourth = 0;
    let component = 0;
    for (; component < whole; component += 4) {
      first += query[component]! * values[offset + component]!;
      second += query[component + 1]! * values[offset + component + 1]!;
      third += query[component + 2]! * values[offset + component + 2]!;
      fourth += query[component + 3]! * values[offset + component + 3]!;
    }
    for (; component < dimensions; component += 1) first += query[component]! * values[offset + component]!;
    scores[row] = (first + second + third + fourth) * scales[row]!;
  }
}
