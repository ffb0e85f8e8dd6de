import { createSummaryJsonSchema } from '../../../src/core/ai/summarize/summary-json-schema';
import { toSummaryShape } from '../../../src/core/ai/summarize/summary-parts';
import { modelSummarySchema } from '../../../src/core/ai/summarize/model-summary';

interface ObjectSchema {
  properties: Record<string, { items?: unknown }>;
  required: string[];
  additionalProperties: boolean;
}

// The structured-output contract of ai_summarize (seed 002 §6 rule 1: the schema mandates citations).

describe('the summary reply schema', () => {
  it('asks for tldr and key points with citations by default, every property required', () => {
    const schema = createSummaryJsonSchema(toSummaryShape(undefined, undefined)) as unknown as ObjectSchema;
    expect(Object.keys(schema.properties)).toEqual(['tldr', 'text', 'key_points', 'citations']);
    expect(schema.required).toEqual(['tldr', 'text', 'key_points', 'citations']);
    expect(schema.additionalProperties).toBe(false);
    expect((schema.properties.key_points?.items as ObjectSchema).required).toEqual(['text', 'citations']);
  });

  it('asks for no citations under cite: false and plain string key points', () => {
    const schema = createSummaryJsonSchema(toSummaryShape(['key_points', 'open_questions', 'outline'], false)) as unknown as ObjectSchema;
    expect(Object.keys(schema.properties)).toEqual(['text', 'key_points', 'open_questions']);
    expect(schema.properties.key_points?.items).toEqual({ type: 'string' });
  });

  it('reads replies with nulls and string key points, and rejects a reply without text', () => {
    expect(modelSummarySchema.parse({ text: 't', tldr: null, key_points: ['a'], citations: null })).toEqual({ text: 't', tldr: undefined, key_points: [{ text: 'a', citations: [] }], open_questions: [], citations: [] });
    expect(modelSummarySchema.safeParse({ tldr: 'no text' }).success).toBe(false);
  });
});
