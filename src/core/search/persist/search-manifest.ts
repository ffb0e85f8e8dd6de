import { ShardProblem } from './shard-problem';

/**
 * Version of what the index holds: bump it whenever tokenising, stemming, chunking or the
 * shard layout changes, so an index written by an older build is rebuilt, never misread.
 */
export const SEARCH_INDEX_VERSION = 1;

/** Where the index lives inside the state folder. */
export const SEARCH_FOLDER = 'search';

/** The manifest's entry name; written last, so a crash mid-save leaves the previous index intact. */
export const MANIFEST_NAME = `${SEARCH_FOLDER}/manifest.json`;

/** One shard as the manifest records it: entry name, size, and the checksum of its payload (as in its header). */
export interface ShardRecord {
  name: string;
  bytes: number;
  checksum: string;
}

/**
 * The small JSON file naming the current generation of shards, their sizes and checksums, and
 * the index's counts. The per-note stat table (mtime, size) that start-up reconciles against
 * is the note shard, which this manifest names; the manifest itself stays a few hundred bytes.
 */
export interface SearchManifest {
  format: 'indx-search';
  version: number;
  generation: number;
  savedAt: number;
  notes: number;
  chunks: number;
  terms: number;
  /** By shard name: `terms`, `postings`, `pool-0`, `pool-1`, …, `chunks`, `notes`. */
  shards: Record<string, ShardRecord>;
}

/** The entry name of shard `name` in `generation` (flat, so removing a generation leaves no folder behind). */
export function shardEntryName(generation: number, name: string): string {
  return `${SEARCH_FOLDER}/${generation}-${name}.bin`;
}

const SHARD_ENTRY = new RegExp(`^${SEARCH_FOLDER}/(\\d+)-[a-z]+(?:-\\d+)?\\.bin$`);

/**
 * The generation of a shard entry name, or null when the name is not one of ours (other
 * components keep their own files under `search/`, e.g. vectors under `search/vectors/`).
 */
export function generationOfEntry(name: string): number | null {
  const match = SHARD_ENTRY.exec(name);
  return match === null ? null : Number(match[1]);
}

/** Parses manifest bytes; throws {@link ShardProblem} when malformed or of another version. */
export function parseManifest(bytes: Uint8Array): SearchManifest {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ShardProblem('manifest is not JSON');
  }
  const manifest = value as Partial<SearchManifest> | null;
  if (manifest?.format !== 'indx-search') throw new ShardProblem('not a search manifest');
  if (manifest.version !== SEARCH_INDEX_VERSION) throw new ShardProblem(`index version ${String(manifest.version)}, expected ${SEARCH_INDEX_VERSION}`);
  if (!Number.isInteger(manifest.generation) || typeof manifest.shards !== 'object') throw new ShardProblem('manifest lacks its generation or shards');
  return manifest as SearchManifest;
}
