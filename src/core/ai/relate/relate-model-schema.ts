import * as z from 'zod';
import { citationCandidateJsonSchema } from '../grounding/citation-json-schema';
import { citationCandidateSchema } from '../grounding/citation-candidate';
import type { RelationLabel } from './relation-labels';

/** The JSON Schema of a classification reply, its relation enum limited to `relations`. */
export function relateJsonSchema(relations: readonly RelationLabel[]): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      relations: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            dst_path: { type: 'string', description: 'Path of the related candidate, exactly as in its <note path="…"> tag.' },
            relation: { type: 'string', enum: [...relations], description: 'How the source relates to the candidate.' },
            confidence: { type: 'number', minimum: 0, maximum: 1, description: 'How sure you are, 0 to 1.' },
            rationale: { type: 'string', description: 'Why, in one or two sentences.' },
            evidence: { type: 'array', items: citationCandidateJsonSchema, description: 'Lines of the source or the candidate that show the relation.' },
          },
          required: ['dst_path', 'relation', 'confidence', 'rationale', 'evidence'],
          additionalProperties: false,
        },
      },
    },
    required: ['relations'],
    additionalProperties: false,
  };
}

/** The validator of a classification reply, its relation limited to `relations`. */
export function relateReplySchema(relations: readonly RelationLabel[]) {
  return z.object({
    relations: z.array(
      z.object({
        dst_path: z.string(),
        relation: z.enum(relations as [RelationLabel, ...RelationLabel[]]),
        confidence: z.number().min(0).max(1),
        rationale: z
          .string()
          .nullish()
          .transform((value) => value ?? undefined),
        evidence: z
          .array(citationCandidateSchema)
          .nullish()
          .transform((value) => value ?? []),
      }),
    ),
  });
}
