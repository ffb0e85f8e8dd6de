import fc from 'fast-check';
import type { Citation } from '../../../src/core/ai/ai-schemas';
import { clampConfidence } from '../../../src/core/ai/grounding/clamp-confidence';
import { groundingFailedError } from '../../../src/core/ai/grounding/grounding-failed-error';
import { GroundingTally } from '../../../src/core/ai/grounding/grounding-tally';
import { ungroundedDroppedWarning } from '../../../src/core/ai/grounding/ungrounded-dropped-warning';
import { uniqueCitations } from '../../../src/core/ai/grounding/unique-citations';
import { globsExcludedWarning } from '../../../src/core/ai/scope/globs-excluded-warning';
import { isIndxError } from '../../../src/core/errors';

// The grounding pieces every AI operation shares (seed 002 §6 and §9): de-duplicated citations,
// the ungrounded_dropped / globs_excluded warnings and the ai_grounding_failed error.

const A = 'aaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbb';

describe('uniqueCitations', () => {
  it('keeps the first of citations of the same place of the same revision, in order of first use', () => {
    const first: Citation = { path: 'Z.md', etag: A, line: 3, snippet: 'first' };
    const citations: Citation[] = [first, { path: 'A.md', etag: A, line: 1 }, { path: 'Z.md', etag: A, line: 3, snippet: 'again' }, { path: 'Z.md', etag: B, line: 3 }, { path: 'Z.md', etag: A, anchor: 'Intro', line: 3 }, { path: 'Z.md', etag: A, line: 3, span: [3, 4] }];
    expect(uniqueCitations(citations)).toEqual([first, citations[1], citations[3], citations[4], citations[5]]);
  });

  it('is idempotent and never invents or reorders citations (property, seeded)', () => {
    const citation: fc.Arbitrary<Citation> = fc.record({ path: fc.constantFrom('A.md', 'B.md'), etag: fc.constantFrom(A, B), line: fc.integer({ min: 0, max: 3 }) });
    fc.assert(
      fc.property(fc.array(citation, { maxLength: 20 }), (citations) => {
        const unique = uniqueCitations(citations);
        expect(uniqueCitations(unique)).toEqual(unique);
        const positions = unique.map((kept) => citations.indexOf(kept));
        expect(positions).toEqual([...positions].sort((left, right) => left - right));
        expect(new Set(citations.map((item) => JSON.stringify(item))).size).toBe(unique.length);
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});

describe('grounding warnings and errors', () => {
  it('ungroundedDroppedWarning carries the path only when the drop concerns one note', () => {
    expect(ungroundedDroppedWarning({ path: 'A.md', message: 'dropped', details: { tags: ['x'] } })).toEqual({ code: 'ungrounded_dropped', path: 'A.md', message: 'dropped', details: { tags: ['x'] } });
    expect(ungroundedDroppedWarning({ message: 'dropped', details: { dropped: 2 } })).not.toHaveProperty('path');
  });

  it('groundingFailedError is ai_grounding_failed listing what was dropped', () => {
    const error = groundingFailedError('nothing kept', [{ path: 'A.md' }], { count: 1 });
    expect(isIndxError(error, 'ai_grounding_failed')).toBe(true);
    expect(error.details).toEqual({ dropped: [{ path: 'A.md' }], count: 1 });
  });

  it('GroundingTally fails only when claims were made and none kept a citation', () => {
    const empty = new GroundingTally();
    expect(() => empty.requireSome('ai_metadata')).not.toThrow();
    const tally = new GroundingTally();
    tally.record(false, { path: 'A.md', item: 'status', reasons: ['missing'] });
    expect(() => tally.requireSome('ai_metadata')).toThrow(expect.objectContaining({ code: 'ai_grounding_failed', details: { dropped: [{ path: 'A.md', item: 'status', reasons: ['missing'] }], count: 1 } }) as Error);
    tally.record(true, { path: 'B.md', item: 'status', reasons: [] });
    expect(() => tally.requireSome('ai_metadata')).not.toThrow();
  });

  it('clampConfidence keeps the 0–1 scale, 0 for a missing or non-finite value', () => {
    expect([1.2, -0.5, 0.4, null, undefined, Number.NaN, Number.POSITIVE_INFINITY].map(clampConfidence)).toEqual([1, 0, 0.4, 0, 0, 0, 0]);
  });

  it('globsExcludedWarning names where the notes were left out of, lists 50 paths and counts all', () => {
    expect(globsExcludedWarning(['Private/Diary.md'], 'the scope')).toEqual({ code: 'globs_excluded', message: '1 note was left out of the scope by the AI deny/allow globs; it was not sent to the model.', details: { paths: ['Private/Diary.md'], count: 1 } });
    const many = Array.from({ length: 60 }, (_unused, index) => `Private/${index}.md`);
    const warning = globsExcludedWarning(many, 'the evidence', 'matching note');
    expect(warning.message).toBe('60 matching notes were left out of the evidence by the AI deny/allow globs; they were not sent to the model.');
    expect(warning.details).toEqual({ paths: many.slice(0, 50), count: 60 });
  });
});
