import * as z from 'zod';

/** What the model is asked for in MOC mode: cluster (topic) or title the given groups; summaries or not. */
export interface MocAsk {
  clusters: boolean;
  summaries: boolean;
}

const titledGroupJson = {
  type: 'object',
  properties: {
    key: { type: 'string', description: 'The group\'s key, exactly as given.' },
    title: { type: 'string', description: 'A short title for the group (2 to 6 words).' },
  },
  required: ['key', 'title'],
  additionalProperties: false,
} as const;

const topicGroupJson = {
  type: 'object',
  properties: {
    title: { type: 'string', description: 'A short title for the topic (2 to 6 words).' },
    paths: { type: 'array', items: { type: 'string' }, description: 'Paths of the notes on this topic, exactly as in their <note path="…"> tags.' },
  },
  required: ['title', 'paths'],
  additionalProperties: false,
} as const;

const summaryJson = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'The note\'s path, exactly as given.' },
    summary: { type: 'string', description: 'One line: what the note is about.' },
    line: { type: 'integer', minimum: 0, description: 'Number of the line of that note the summary draws on most ("12| …" is line 12).' },
  },
  required: ['path', 'summary', 'line'],
  additionalProperties: false,
} as const;

/** The JSON Schema of the MOC model's reply. */
export function mocJsonSchema(ask: MocAsk): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      groups: { type: 'array', items: ask.clusters ? topicGroupJson : titledGroupJson },
      ...(ask.summaries ? { summaries: { type: 'array', items: summaryJson } } : {}),
    },
    required: ask.summaries ? ['groups', 'summaries'] : ['groups'],
    additionalProperties: false,
  };
}

/** The MOC model's reply, validated: group titles (by key) or topics, and per-note summaries. */
export const mocReplySchema = z.object({
  groups: z.array(
    z.object({
      key: z.string().optional(),
      title: z.string(),
      paths: z.array(z.string()).optional(),
    }),
  ),
  summaries: z
    .array(z.object({ path: z.string(), summary: z.string(), line: z.number().int().nullish() }))
    .optional()
    .transform((value) => value ?? []),
});

/** A validated MOC reply. */
export type MocReply = z.output<typeof mocReplySchema>;
