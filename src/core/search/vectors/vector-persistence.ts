import type { Storage } from '../../vault/storage';
import { DEFAULT_BLOCK_ROWS } from './vector-blocks';
import { convertBlockEncoding } from './convert-block-encoding';
import { fnv1a32 } from './fnv1a-32';
import type { VectorEncoding } from './vector-encoding';
import { parseVectorManifest, VECTOR_MANIFEST_NAME, VECTORS_FOLDER, type EmbeddingIdentity, type ShardEntry, type VectorManifest } from './vector-manifest';
import { decodeShard, encodeShard, type DecodedShard } from './vector-shard-codec';
import { VectorStore } from './vector-store';

/** What `load` found: the store (null when nothing usable was saved) and what was thrown away. */
export interface LoadedVectors {
  store: VectorStore | null;
  /** Hashes of chunks the provider refused with this model (kept even when no vector is). */
  refused: string[];
  /** Shards dropped as corrupt or unreadable (their chunks need embedding again). */
  discardedShards: number;
  /** Why everything saved was dropped, if it was. */
  discardedAll: 'corrupt_manifest' | 'model_changed' | null;
}

/**
 * Saves and loads a `VectorStore` as binary shards (one per block) plus a JSON manifest under
 * `search/vectors/`. Only changed blocks are written; each save writes shards under new names,
 * then the manifest, then removes the files it no longer names — so a crash at any point leaves
 * a manifest whose shards all exist. A shard that fails its size, checksum or structure check is
 * dropped alone; a manifest that does not parse, or names another model, drops everything.
 */
export class VectorPersistence {
  private readonly shards = new Map<number, ShardEntry>();
  private generation = 0;
  // The last manifest written or loaded, generation left out: a save that would repeat it is skipped.
  private written = '';

  constructor(private readonly storage: Storage) {}

  /** Reads what was saved, converting to `encoding` when it was saved in the other one. */
  async load(identity: EmbeddingIdentity, encoding: VectorEncoding): Promise<LoadedVectors> {
    this.shards.clear();
    const bytes = await this.storage.read(VECTOR_MANIFEST_NAME).catch(() => null);
    if (bytes === null) return { store: null, refused: [], discardedShards: 0, discardedAll: null };
    const manifest = parseVectorManifest(bytes);
    if (manifest === null || !hasContiguousBlocks(manifest)) return { store: null, refused: [], discardedShards: 0, discardedAll: 'corrupt_manifest' };
    this.generation = manifest.generation;
    if (manifest.model !== identity.model || manifest.requested_dimensions !== identity.requested_dimensions) {
      return { store: null, refused: [], discardedShards: 0, discardedAll: 'model_changed' };
    }
    const refused = manifest.refused ?? [];
    if (manifest.dimensions === 0) return { store: null, refused, discardedShards: 0, discardedAll: null };
    return { ...(await this.loadShards(manifest, identity, encoding, refused)), refused };
  }

  /**
   * Writes the changed blocks of `store` (null: no vectors) and a new manifest naming them and
   * the `refused` chunk hashes; nothing when nothing changed.
   */
  async save(store: VectorStore | null, identity: EmbeddingIdentity, encoding: VectorEncoding, refused: readonly string[] = []): Promise<void> {
    const blocks = store?.takeDirtyBlocks() ?? [];
    for (const block of this.shards.keys()) if (block >= (store?.blocks.blockCount ?? 0)) this.shards.delete(block);
    if (blocks.length === 0 && this.written === JSON.stringify(this.manifest(store, identity, encoding, refused))) return;
    this.generation += 1;
    try {
      for (const block of blocks) await this.writeShard(store!, block);
    } catch (error: unknown) {
      store!.markDirty(blocks);
      throw error;
    }
    const manifest = this.manifest(store, identity, encoding, refused);
    await this.storage.write(VECTOR_MANIFEST_NAME, JSON.stringify({ ...manifest, generation: this.generation }));
    this.written = JSON.stringify(manifest);
    await this.removeUnnamedFiles();
  }

  private async loadShards(manifest: VectorManifest, identity: EmbeddingIdentity, encoding: VectorEncoding, refused: readonly string[]): Promise<Omit<LoadedVectors, 'refused'>> {
    const store = new VectorStore(manifest.dimensions, encoding, manifest.block_rows);
    const entries = new Map(manifest.shards.map((entry) => [entry.block, entry]));
    let discardedShards = 0;
    for (let block = 0; block < entries.size; block += 1) {
      const entry = entries.get(block);
      const shard = entry === undefined ? null : await this.readShard(entry, manifest.dimensions);
      if (shard === null) discardedShards += 1;
      else this.shards.set(block, entry!);
      const data = shard === null ? null : convertBlockEncoding(shard.data, manifest.dimensions, encoding);
      store.loadBlock(block, data, shard?.rows ?? { hashes: [], paths: [] });
      if (shard !== null && shard.encoding !== encoding) store.markDirty([block]);
    }
    store.finishLoad();
    this.written = JSON.stringify(this.manifest(store, identity, encoding, refused));
    return { store, discardedShards, discardedAll: null };
  }

  private async readShard(entry: ShardEntry, dimensions: number): Promise<DecodedShard | null> {
    const bytes = await this.storage.read(entry.name).catch(() => null);
    if (bytes === null || bytes.length !== entry.bytes || fnv1a32(bytes) !== entry.checksum) return null;
    return decodeShard(bytes, dimensions);
  }

  private async writeShard(store: VectorStore, block: number): Promise<void> {
    const bytes = encodeShard(store.blocks.blockData(block), store.blockRows(block), store.dimensions);
    const name = `${VECTORS_FOLDER}/shard-${String(block).padStart(5, '0')}-${this.generation}.bin`;
    await this.storage.write(name, bytes);
    this.shards.set(block, { block, name, bytes: bytes.length, checksum: fnv1a32(bytes) });
  }

  private manifest(store: VectorStore | null, identity: EmbeddingIdentity, encoding: VectorEncoding, refused: readonly string[]): VectorManifest {
    const shards = [...this.shards.values()].sort((left, right) => left.block - right.block);
    const layout = { dimensions: store?.dimensions ?? 0, encoding, block_rows: store?.blocks.blockRows ?? DEFAULT_BLOCK_ROWS, generation: 0 };
    return { format: 'indx-vectors', version: 1, ...identity, ...layout, shards, ...(refused.length === 0 ? {} : { refused: [...refused] }) };
  }

  private async removeUnnamedFiles(): Promise<void> {
    const named = new Set([VECTOR_MANIFEST_NAME, ...[...this.shards.values()].map((entry) => entry.name)]);
    for (const name of await this.storage.list(VECTORS_FOLDER)) if (!named.has(name)) await this.storage.remove(name);
  }
}

// Saves number blocks 0..n-1; anything else (a block number out of range) is damage.
function hasContiguousBlocks(manifest: VectorManifest): boolean {
  const blocks = new Set(manifest.shards.map((entry) => entry.block));
  return blocks.size === manifest.shards.length && manifest.shards.every((entry) => entry.block < manifest.shards.length);
}
