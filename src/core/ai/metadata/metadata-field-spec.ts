import * as z from 'zod';
import { checkMetadataValue } from './check-metadata-value';
import { patternRisk } from '../safe-pattern';

/** The value types a requested frontmatter field may have (seed 002 §5.6). */
export const METADATA_FIELD_TYPES = ['string', 'number', 'boolean', 'date', 'datetime', 'list', 'enum'] as const;

/** One of {@link METADATA_FIELD_TYPES}. */
export type MetadataFieldType = (typeof METADATA_FIELD_TYPES)[number];

/** The types a list field's items may have (a list of lists is not a frontmatter property Obsidian shows). */
const LIST_ITEM_TYPES = ['string', 'number', 'boolean', 'date', 'datetime', 'enum'] as const;

const shape = z
  .object({
    key: z.string().trim().min(1).max(200).regex(/^[^\r\n]+$/, 'a key is one line').describe('Frontmatter key.'),
    type: z.enum(METADATA_FIELD_TYPES).describe('date YYYY-MM-DD; datetime ISO 8601.'),
    description: z.string().max(2000).optional().describe('Hint for the model.'),
    required: z.boolean().optional().describe('Warn if not found.'),
    enum: z.array(z.string().min(1)).min(1).max(200).optional().describe('Allowed values.'),
    list_item_type: z.enum(LIST_ITEM_TYPES).optional().describe('Default string.'),
    pattern: z.string().min(1).max(500).optional().describe('JS regex for strings.'),
    min: z.number().optional().describe('Min value/list length.'),
    max: z.number().optional().describe('Max value/list length.'),
    default: z.unknown().optional().describe('Fallback value.'),
  })
  .strict();

/**
 * One frontmatter field ai_metadata is asked to fill: its key and type, with the constraints the
 * runtime enforces on the model's value. Checked when the input is parsed, so a call with an
 * unusable spec (an enum without values, a pattern that does not compile, min above max, a
 * default that is not a valid value) fails with `invalid_input` before any model call.
 */
export const metadataFieldSpecSchema = shape.superRefine((spec, context) => {
  for (const message of problemsOf(spec)) context.addIssue({ code: 'custom', message });
});

/** A field spec as the operation receives it. */
export type MetadataFieldSpec = z.output<typeof shape>;

function problemsOf(spec: MetadataFieldSpec): string[] {
  const problems: string[] = [];
  const usesEnum = spec.type === 'enum' || (spec.type === 'list' && spec.list_item_type === 'enum');
  if (usesEnum && spec.enum === undefined) problems.push(`the field "${spec.key}" has type enum but no "enum" values`);
  const risk = spec.pattern === undefined ? null : patternRisk(spec.pattern);
  if (risk !== null) problems.push(`the pattern of "${spec.key}" is refused: ${risk}: ${spec.pattern}`);
  if (spec.min !== undefined && spec.max !== undefined && spec.min > spec.max) problems.push(`the field "${spec.key}" has min ${spec.min} above max ${spec.max}`);
  if (problems.length === 0 && spec.default !== undefined && spec.default !== null) problems.push(...defaultProblems(spec));
  return problems;
}

function defaultProblems(spec: MetadataFieldSpec): string[] {
  const checked = checkMetadataValue(spec, spec.default);
  return checked.ok ? [] : [`the default of "${spec.key}" is not a valid value: ${checked.error}`];
}
