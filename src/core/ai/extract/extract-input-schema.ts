import { z } from 'zod';
import { aiScopeSchema } from '../ai-schemas';
import { metadataApplyModeField } from '../metadata/metadata-apply-mode';
import { applyInputFields } from '../apply/apply-input-fields';

/** The input of ai_extract (seed 002 §5.7). */
export const extractInputSchema = z
  .object({
    scope: aiScopeSchema,
    schema: z.unknown().describe('JSON Schema (2020-12 subset) of what to extract from each note, e.g. {"type":"array","items":{"type":"object","required":["task","owner"],"properties":{"task":{"type":"string"},"owner":{"type":"string"}}}}. An invalid schema fails with ai_schema_invalid before any model call.'),
    schema_id: z.string().min(1).max(200).optional().describe('A label for the schema (part of the cache key with the schema itself).'),
    destination: z.enum(['json', 'frontmatter']).optional().describe('json (default): return the data only; frontmatter: the data is meant for the frontmatter key destination_key (written with apply: true, else drafted in proposed_patches).'),
    destination_key: z.string().trim().min(1).max(200).regex(/^[^\r\n]+$/, 'a key is one line').optional().describe('Frontmatter key the data goes to; required with destination "frontmatter".'),
    apply: z.boolean().optional().describe('Write the data to destination_key (needs destination "frontmatter" and vault:write; default false).'),
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
