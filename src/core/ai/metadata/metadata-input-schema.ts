import { z } from 'zod';
import { aiScopeSchema } from '../ai-schemas';
import { metadataApplyModeField } from './metadata-apply-mode';
import { metadataFieldSpecSchema } from './metadata-field-spec';
import { applyInputFields } from '../apply/apply-input-fields';

/** The input of ai_metadata (seed 002 §5.6). */
export const metadataInputSchema = z.object({
  scope: aiScopeSchema,
  fields: z
    .array(metadataFieldSpecSchema)
    .min(1)
    .max(50)
    .refine((fields) => new Set(fields.map((field) => field.key)).size === fields.length, { message: 'each field key may appear only once' })
    .describe('The frontmatter keys to fill, each with its type and constraints.'),
  apply: z.boolean().optional().describe('Write the values to the notes\' frontmatter (default false: suggest only, with draft note_patch calls in proposed_patches). Needs vault:write.'),
  apply_mode: metadataApplyModeField,
  ...applyInputFields,
});

/** ai_metadata's parsed input. */
export type MetadataInput = z.output<typeof metadataInputSchema>;
