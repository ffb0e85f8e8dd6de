import { isStrictJsonSchema } from '../../../src/core/ai/chat/is-strict-json-schema';
import { citationCandidateSchema } from '../../../src/core/ai/grounding/citation-candidate';
import { citationCandidateJsonSchema } from '../../../src/core/ai/grounding/citation-json-schema';

describe('citation candidate schemas', () => {
  it('meets strict structured-output rules, so output schemas embedding it can be sent strict', () => {
    expect(isStrictJsonSchema({ type: 'object', properties: { citations: { type: 'array', items: citationCandidateJsonSchema } }, required: ['citations'], additionalProperties: false })).toBe(true);
  });

  it('reads nulls as absent keys and drops unknown keys', () => {
    expect(citationCandidateSchema.parse({ path: 'a.md', anchor: null, line: 3, end_line: null, quote: null, confidence: 1 })).toEqual({ path: 'a.md', line: 3 });
    expect(citationCandidateSchema.parse({ path: 'a.md', anchor: '^x', quote: 'q' })).toEqual({ path: 'a.md', anchor: '^x', quote: 'q' });
  });

  it('rejects a citation without a path', () => {
    expect(citationCandidateSchema.safeParse({ line: 3 }).success).toBe(false);
  });
});
