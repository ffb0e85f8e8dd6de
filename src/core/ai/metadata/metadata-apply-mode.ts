import * as z from 'zod';

/**
 * How an ai_metadata or ai_extract apply treats a key that already has a value (seed 002 §5.6):
 * `set_missing` (default) writes only absent or empty keys, `overwrite` replaces, `merge` unions
 * lists and treats other values like `set_missing`.
 */
export const metadataApplyModeField = z
  .enum(['set_missing', 'overwrite', 'merge'])
  .optional()
  .describe('set_missing (default): empty keys; merge: union lists.');

/** An apply mode. */
export type MetadataApplyMode = NonNullable<z.output<typeof metadataApplyModeField>>;
