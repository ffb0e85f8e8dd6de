import { citationCandidateJsonSchema } from '../grounding/citation-json-schema';
import { ASK_CONFIDENCES } from './ask-output-schema';

/**
 * The JSON Schema of an answer reply: the answer first (so a stream shows it early), then under
 * `cite` its citations, then confidence, whether the evidence supports it, and follow-up
 * questions. Every property is required, as strict structured output wants.
 */
export function createAnswerJsonSchema(cite: boolean): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    answer: { type: 'string', description: 'The answer as markdown, from the evidence only.' },
    ...(cite ? { citations: { type: 'array', items: citationCandidateJsonSchema, description: 'Where the answer is stated in the evidence (at least one).' } } : {}),
    confidence: { type: 'string', enum: [...ASK_CONFIDENCES] },
    supported: { type: 'boolean', description: 'false when the evidence does not answer the question.' },
    followups: { type: 'array', items: { type: 'string' }, description: 'Up to three useful next questions.' },
  };
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}
