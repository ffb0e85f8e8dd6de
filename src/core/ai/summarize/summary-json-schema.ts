import { citationCandidateJsonSchema } from '../grounding/citation-json-schema';

/** Which model-written parts a summary call asks for, and whether claims carry citations. */
export interface SummaryShape {
  tldr: boolean;
  key_points: boolean;
  open_questions: boolean;
  cite: boolean;
}

/**
 * The JSON Schema a summary reply must follow. Every property is required (strict structured
 * output wants that); `text` comes early so a stream shows it first. Under `cite`, the text
 * carries `citations` and each key point is `{text, citations}`; without, key points are strings.
 */
export function createSummaryJsonSchema(shape: SummaryShape): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  if (shape.tldr) properties.tldr = { type: 'string', description: 'One or two sentences.' };
  properties.text = { type: 'string', description: 'The summary as markdown.' };
  if (shape.key_points) properties.key_points = { type: 'array', items: keyPointSchema(shape.cite) };
  if (shape.open_questions) properties.open_questions = { type: 'array', items: { type: 'string' }, description: 'Questions the notes leave open.' };
  if (shape.cite) properties.citations = citationsSchema('Where the text and tldr come from.');
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

function keyPointSchema(cite: boolean): Record<string, unknown> {
  if (!cite) return { type: 'string' };
  return {
    type: 'object',
    properties: { text: { type: 'string' }, citations: citationsSchema('Where this point is stated in the notes (at least one).') },
    required: ['text', 'citations'],
    additionalProperties: false,
  };
}

function citationsSchema(description: string): Record<string, unknown> {
  return { type: 'array', items: citationCandidateJsonSchema, description };
}
