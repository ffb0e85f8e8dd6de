import * as z from 'zod';
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
    .describe('Keys to fill.'),
  apply: z.boolean().optional().describe('Write values (else drafts).'),
  apply_mode: metadataApplyModeField,
  ...applyInputFields,
});

/** ai_metadata's parsed input. */
export type MetadataInput = z.output<typeof metadataInputSchema>;
