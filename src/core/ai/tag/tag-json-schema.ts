import { citationCandidateJsonSchema } from '../grounding/citation-json-schema';

/** What shapes the reply schema of one ai_tag model call. */
export interface TagSchemaShape {
  /** The notes of the batch: the reply names them by path. */
  paths: readonly string[];
  /** The only tags the model may write, or null for any. */
  tagEnum: readonly string[] | null;
  /** Whether each tag carries evidence citations. */
  cite: boolean;
}

/**
 * The JSON Schema an ai_tag reply must follow: `{ notes: [{ path, tags: [{ tag, confidence,
 * rationale, evidence? }] }] }`, every property required (strict structured output), paths
 * limited to the batch and tags to `tagEnum` when given, so a candidate-restricted call cannot
 * even express another tag.
 */
export function createTagJsonSchema(shape: TagSchemaShape): Record<string, unknown> {
  const tag: Record<string, unknown> = { type: 'string', description: 'The tag, without #.', ...(shape.tagEnum === null ? {} : { enum: [...shape.tagEnum] }) };
  const properties: Record<string, unknown> = {
    tag,
    confidence: { type: 'number', description: 'How sure you are that the tag fits the note, from 0 to 1.' },
    rationale: { type: 'string', description: 'Why the tag fits, in one sentence.' },
  };
  if (shape.cite) properties.evidence = { type: 'array', items: citationCandidateJsonSchema, description: 'Lines of this note that justify the tag (at least one).' };
  const tagSchema = { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
  const note = {
    type: 'object',
    properties: { path: { type: 'string', enum: [...shape.paths] }, tags: { type: 'array', items: tagSchema } },
    required: ['path', 'tags'],
    additionalProperties: false,
  };
  return { type: 'object', properties: { notes: { type: 'array', items: note } }, required: ['notes'], additionalProperties: false };
}
