import type { VectorSearch } from '../chunk';
import type { VectorEncoding } from './vector-encoding';

/** Figures for `vault_status` and the benchmark. */
export interface VectorSearchStats {
  configured: boolean;
  available: boolean;
  model: string | null;
  dimensions: number;
  encoding: VectorEncoding;
  /** Distinct chunk vectors kept, orphans included. */
  vectors: number;
  /** Notes with at least one vector. */
  paths: number;
  /** Vectors kept as cache although no note uses them now. */
  orphans: number;
  /** Bytes of vector data in memory. */
  vector_bytes: number;
  /** Shards dropped at the last load (corrupt or unreadable). */
  discarded_shards: number;
  /** Chunks the provider refused (too long for the model...), left out until they change. */
  refused_chunks: number;
  last_error: { code: string; message: string } | null;
}

/** `VectorSearch` plus its lifecycle: load from and save to storage, and figures. */
export interface ManagedVectorSearch extends VectorSearch {
  /** Reads the saved vectors; call once, before indexing. Never throws on corrupt data. */
  load(): Promise<void>;
  /** Writes the changed shards and the manifest. */
  save(): Promise<void>;
  /** Current figures. */
  stats(): VectorSearchStats;
  /** Milliseconds until a paused provider is asked again (0: now), or null when none is configured. */
  retryInMs(): number | null;
  /** True when `path` is recorded with exactly these chunk hashes, so indexing it again would change nothing. */
  isCurrent(path: string, hashes: readonly string[]): boolean;
  /** Forgets the vectors of every note not in `paths` (notes deleted while the vault was closed). */
  retainPaths(paths: ReadonlySet<string>): void;
  /** Cancels the indexing requests in flight and waiting (their `indexChunks` calls reject at once); queries are unaffected. */
  abortIndexing(): void;
}
