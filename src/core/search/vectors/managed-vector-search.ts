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
}
