import { normalizeVector } from './normalize-vector';
import { TopK } from './top-k';
import { DEFAULT_BLOCK_ROWS, VectorBlocks, type VectorBlockData } from './vector-blocks';
import type { VectorEncoding } from './vector-encoding';

/** One nearest chunk: the note, the chunk's content hash and the cosine similarity. */
export interface VectorHit {
  path: string;
  hash: string;
  score: number;
}

/** Who uses each row of one block, for persistence: a hash ('' for a free row) and its paths. */
export interface BlockRows {
  hashes: string[];
  paths: string[][];
}

/** Vectors nobody references are kept this long (as a cache for moves and undone edits). */
const MIN_ORPHANS_KEPT = 1024;

/**
 * Chunk vectors keyed by content hash, with the notes that contain each chunk. A hash shared by
 * several notes is stored once. Vectors whose notes are all gone stay a while as orphans (a
 * moved note or an undone edit needs no new embedding), oldest evicted first. Queries scan every
 * row (brute force) and keep each note's best chunk in a small heap.
 */
export class VectorStore {
  readonly blocks: VectorBlocks;
  private readonly rowOfHash = new Map<string, number>();
  private readonly hashOfRow: (string | undefined)[] = [];
  private readonly pathsOfRow: (string | string[] | undefined)[] = [];
  private readonly hashesOfPath = new Map<string, string[]>();
  private readonly freeRows: number[] = [];
  private readonly orphans = new Set<number>();
  private readonly dirty = new Set<number>();

  constructor(dimensions: number, encoding: VectorEncoding, blockRows = DEFAULT_BLOCK_ROWS) {
    this.blocks = new VectorBlocks(dimensions, encoding, blockRows);
  }

  /** Length of every stored vector. */
  get dimensions(): number {
    return this.blocks.dimensions;
  }

  /** Number of distinct vectors kept, orphans included. */
  get vectorCount(): number {
    return this.rowOfHash.size;
  }

  /** Number of vectors no note references any more. */
  get orphanCount(): number {
    return this.orphans.size;
  }

  /** Number of notes with at least one vector. */
  get pathCount(): number {
    return this.hashesOfPath.size;
  }

  /** True when a vector for this chunk content is stored. */
  has(hash: string): boolean {
    return this.rowOfHash.has(hash);
  }

  /** The hashes recorded for a note, or undefined when it has none. */
  hashesOf(path: string): readonly string[] | undefined {
    return this.hashesOfPath.get(path);
  }

  /** Stores the vector of a chunk (normalised copy) as an orphan until a note claims it. */
  add(hash: string, vector: Float32Array): void {
    if (this.rowOfHash.has(hash)) return;
    const row = this.freeRows.pop() ?? this.blocks.endRow;
    this.blocks.write(row, normalizeVector(Float32Array.from(vector)));
    this.rowOfHash.set(hash, row);
    this.hashOfRow[row] = hash;
    this.orphans.add(row);
    this.markRowDirty(row);
  }

  /** Makes `hashes` (those with a stored vector) the chunks of `path`, replacing its previous ones. */
  setPath(path: string, hashes: readonly string[]): void {
    const next = [...new Set(hashes)].filter((hash) => this.rowOfHash.has(hash));
    const previous = this.hashesOfPath.get(path) ?? [];
    const kept = new Set(next);
    for (const hash of previous) if (!kept.has(hash)) this.unlink(this.rowOfHash.get(hash)!, path);
    const before = new Set(previous);
    for (const hash of next) if (!before.has(hash)) this.link(this.rowOfHash.get(hash)!, path);
    if (next.length === 0) this.hashesOfPath.delete(path);
    else this.hashesOfPath.set(path, next);
    this.evictOrphans();
  }

  /** Forgets a note; its vectors become orphans. */
  removePath(path: string): void {
    this.setPath(path, []);
  }

  /** Forgets every note not in `paths` (notes deleted while nobody was watching); returns how many. */
  retainPaths(paths: ReadonlySet<string>): number {
    const gone = [...this.hashesOfPath.keys()].filter((path) => !paths.has(path));
    for (const path of gone) this.removePath(path);
    return gone.length;
  }

  /**
   * The `limit` notes closest to `query` by cosine similarity, among accepted paths, each with
   * its best chunk: a note with many close chunks takes one place, so `limit` distinct notes
   * come back when that many have vectors.
   */
  search(query: Float32Array, limit: number, filter?: (path: string) => boolean): VectorHit[] {
    const unit = normalizeVector(Float32Array.from(query));
    const accepts = cachedFilter(filter);
    const top = new TopK(limit);
    const scores = new Float32Array(this.blocks.blockRows);
    for (let block = 0; block < this.blocks.blockCount; block += 1) {
      const rows = this.blocks.scoreBlock(block, unit, scores);
      const first = block * this.blocks.blockRows;
      for (let slot = 0; slot < rows; slot += 1) {
        if (!top.admits(scores[slot]!)) continue;
        for (const path of pathList(this.pathsOfRow[first + slot])) {
          if (accepts(path)) top.push({ score: scores[slot]!, row: first + slot, path });
        }
      }
    }
    return top.sorted().map(({ score, row, path }) => ({ path, hash: this.hashOfRow[row]!, score }));
  }

  /** Block numbers changed since the last call, and forgets them. */
  takeDirtyBlocks(): number[] {
    const blocks = [...this.dirty].sort((left, right) => left - right);
    this.dirty.clear();
    return blocks;
  }

  /** Marks blocks as changed again (a save that failed to write them). */
  markDirty(blocks: readonly number[]): void {
    for (const block of blocks) this.dirty.add(block);
  }

  /** The hash and paths of every used row of a block. */
  blockRows(index: number): BlockRows {
    const first = index * this.blocks.blockRows;
    const { rows } = this.blocks.blockData(index);
    const hashes: string[] = [];
    const paths: string[][] = [];
    for (let row = first; row < first + rows; row += 1) {
      hashes.push(this.hashOfRow[row] ?? '');
      paths.push([...pathList(this.pathsOfRow[row])]);
    }
    return { hashes, paths };
  }

  /** Installs a persisted block (null for a shard that was lost) with its rows' hashes and paths. */
  loadBlock(index: number, data: VectorBlockData | null, rows: BlockRows): void {
    this.blocks.setBlock(index, data);
    const first = index * this.blocks.blockRows;
    const used = data?.rows ?? 0;
    if (data === null) this.dirty.add(index);
    for (let slot = 0; slot < this.blocks.blockRows; slot += 1) {
      const hash = slot < used ? rows.hashes[slot] : undefined;
      if (hash === undefined || hash === '' || this.rowOfHash.has(hash)) this.freeRow(first + slot, slot < used);
      else this.restoreRow(first + slot, hash, rows.paths[slot] ?? []);
    }
  }

  /** After loading: rows past the last block are not free, they do not exist yet. */
  finishLoad(): void {
    const end = this.blocks.endRow;
    const kept = this.freeRows.filter((row) => row < end);
    this.freeRows.length = 0;
    this.freeRows.push(...kept.sort((left, right) => right - left));
    this.evictOrphans();
  }

  private restoreRow(row: number, hash: string, paths: readonly string[]): void {
    this.rowOfHash.set(hash, row);
    this.hashOfRow[row] = hash;
    if (paths.length === 0) this.orphans.add(row);
    for (const path of paths) {
      this.pathsOfRow[row] = withPath(this.pathsOfRow[row], path);
      const hashes = this.hashesOfPath.get(path);
      if (hashes === undefined) this.hashesOfPath.set(path, [hash]);
      else hashes.push(hash);
    }
  }

  private link(row: number, path: string): void {
    this.pathsOfRow[row] = withPath(this.pathsOfRow[row], path);
    this.orphans.delete(row);
    this.markRowDirty(row);
  }

  private unlink(row: number, path: string): void {
    this.pathsOfRow[row] = withoutPath(this.pathsOfRow[row], path);
    if (this.pathsOfRow[row] === undefined) this.orphans.add(row);
    this.markRowDirty(row);
  }

  private evictOrphans(): void {
    const limit = Math.max(MIN_ORPHANS_KEPT, Math.floor(this.rowOfHash.size / 4));
    for (const row of this.orphans) {
      if (this.orphans.size <= limit) return;
      this.orphans.delete(row);
      this.rowOfHash.delete(this.hashOfRow[row]!);
      this.freeRow(row, true);
    }
  }

  private freeRow(row: number, changed: boolean): void {
    this.hashOfRow[row] = undefined;
    this.pathsOfRow[row] = undefined;
    this.freeRows.push(row);
    if (changed) this.markRowDirty(row);
  }

  private markRowDirty(row: number): void {
    this.dirty.add(Math.floor(row / this.blocks.blockRows));
  }
}

// A row's paths: one string in the common case (no array per row), an array when shared.
function pathList(paths: string | string[] | undefined): readonly string[] {
  if (paths === undefined) return [];
  return typeof paths === 'string' ? [paths] : paths;
}

function withPath(paths: string | string[] | undefined, path: string): string | string[] {
  const list = pathList(paths);
  if (list.includes(path)) return paths!;
  return list.length === 0 ? path : [...list, path];
}

function withoutPath(paths: string | string[] | undefined, path: string): string | string[] | undefined {
  const list = pathList(paths).filter((candidate) => candidate !== path);
  if (list.length === 0) return undefined;
  return list.length === 1 ? list[0] : list;
}

function cachedFilter(filter: ((path: string) => boolean) | undefined): (path: string) => boolean {
  if (filter === undefined) return () => true;
  const answers = new Map<string, boolean>();
  return (path) => {
    let answer = answers.get(path);
    if (answer === undefined) answers.set(path, (answer = filter(path)));
    return answer;
  };
}
