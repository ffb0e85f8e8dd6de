import * as z from 'zod';

/** Where the vector store keeps its files in the state `Storage`. */
export const VECTORS_FOLDER = 'search/vectors';

/** The manifest's entry name. */
export const VECTOR_MANIFEST_NAME = `${VECTORS_FOLDER}/manifest.json`;

/** What the vectors were embedded with: a change of either means every vector is re-embedded. */
export interface EmbeddingIdentity {
  model: string;
  requested_dimensions: number | null;
}

const shardEntrySchema = z.object({
  block: z.number().int().nonnegative(),
  name: z.string().regex(/^search\/vectors\/shard-\d+-\d+\.bin$/),
  bytes: z.number().int().nonnegative(),
  checksum: z.string().regex(/^[0-9a-f]{8}$/),
});

/** The small JSON index of the binary shards: embedding identity, sizes and one checksum per shard. */
export const vectorManifestSchema = z.object({
  format: z.literal('indx-vectors'),
  version: z.literal(1),
  model: z.string(),
  requested_dimensions: z.number().int().positive().nullable(),
  dimensions: z.number().int().nonnegative(),
  encoding: z.enum(['float32', 'int8']),
  block_rows: z.number().int().positive(),
  generation: z.number().int().nonnegative(),
  shards: z.array(shardEntrySchema),
  /** Content hashes of chunks this model refused (too long...): not sent again until they change. */
  refused: z.array(z.string().max(128)).max(4096).optional(),
});

/** The parsed manifest. */
export type VectorManifest = z.output<typeof vectorManifestSchema>;

/** One shard's entry in the manifest. */
export type ShardEntry = z.output<typeof shardEntrySchema>;

/** Parses manifest bytes; null when they are not a manifest of this version (never throws). */
export function parseVectorManifest(bytes: Uint8Array): VectorManifest | null {
  try {
    const parsed = vectorManifestSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
