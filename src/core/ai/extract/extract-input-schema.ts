import * as z from 'zod';
import { aiScopeSchema } from '../ai-schemas';
import { metadataApplyModeField } from '../metadata/metadata-apply-mode';
import { applyInputFields } from '../apply/apply-input-fields';

/** The input of ai_extract (seed 002 §5.7). */
export const extractInputSchema = z
  .object({
    scope: aiScopeSchema,
    // Any value reaches compileExtractSchema, which refuses one that is not an object or a boolean
    // (ai_schema_invalid, with the details); the JSON Schema says what it takes.
    schema: z.unknown().meta({ type: ['object', 'boolean'] }).describe('JSON Schema per note.'),
    schema_id: z.string().min(1).max(200).optional().describe('Schema label (cache key).'),
    destination: z.enum(['json', 'frontmatter']).optional().describe('json (default) or frontmatter: note_patch drafts.'),
    destination_key: z.string().trim().min(1).max(200).regex(/^[^\r\n]+$/, 'a key is one line').optional().describe('Key to write; frontmatter needs it.'),
    apply: z.boolean().optional().describe('Write it (else drafts).'),
    apply_mode: metadataApplyModeField,
    ...applyInputFields,
  })
  .superRefine((input, context) => {
    if (input.schema === undefined) context.addIssue({ code: 'custom', path: ['schema'], message: 'a JSON Schema is required' });
    if (input.destination === 'frontmatter' && input.destination_key === undefined) context.addIssue({ code: 'custom', path: ['destination_key'], message: 'destination "frontmatter" needs destination_key, the frontmatter key to write' });
    if (input.apply === true && input.destination !== 'frontmatter') context.addIssue({ code: 'custom', path: ['apply'], message: 'apply writes frontmatter: set destination "frontmatter" and destination_key (destination "json" only returns the data)' });
  });

/** ai_extract's parsed input. */
export type ExtractInput = z.output<typeof extractInputSchema>;
