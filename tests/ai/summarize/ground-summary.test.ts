import type { Citation } from '../../../src/core/ai/ai-schemas';
import type { CitationCandidate } from '../../../src/core/ai/grounding/citation-candidate';
import type { CitationCheck } from '../../../src/core/ai/summarize/citation-check';
import { groundSummary } from '../../../src/core/ai/summarize/ground-summary';
import { modelSummarySchema, type ModelSummary } from '../../../src/core/ai/summarize/model-summary';
import { expectIndxError } from '../../helpers/expect-error';

// Grounding of summary replies (seed 002 §5.1, §6): key points need a surviving citation, the
// citations are the de-duplicated union of the kept ones, nothing surviving is ai_grounding_failed.

const ETAG = '0123456789abcdef';

/** A verifier that keeps candidates on "Good.md" and drops the rest as citation_invalid. */
async function verify(candidates: CitationCandidate[]): Promise<CitationCheck> {
  const kept = candidates.filter((candidate) => candidate.path === 'Good.md');
  const dropped = candidates.filter((candidate) => candidate.path !== 'Good.md');
  return {
    citations: kept.map((candidate): Citation => ({ path: candidate.path, etag: ETAG, ...(candidate.line === undefined ? {} : { line: candidate.line }) })),
    warnings: dropped.map((candidate) => ({ code: 'citation_invalid' as const, message: 'dropped', path: candidate.path })),
    dropped: dropped.map((candidate) => ({ candidate, reason: 'not_in_scope' })),
  };
}

function reply(overrides: Record<string, unknown> = {}): ModelSummary {
  return modelSummarySchema.parse({
    text: 'text',
    tldr: 'tldr',
    open_questions: [],
    citations: [{ path: 'Good.md', line: 1 }],
    key_points: [
      { text: 'grounded', citations: [{ path: 'Good.md', line: 2 }, { path: 'Bad.md', line: 0 }] },
      { text: 'ungrounded', citations: [{ path: 'Bad.md', line: 3 }] },
      { text: 'uncited', citations: [] },
      { text: 'repeats', citations: [{ path: 'Good.md', line: 1 }] },
    ],
    ...overrides,
  });
}

describe('groundSummary', () => {
  it('drops key points without a surviving citation and warns once with the count', async () => {
    const grounded = await groundSummary(reply(), verify, true);
    expect(grounded.key_points).toEqual(['grounded', 'repeats']);
    const ungrounded = grounded.warnings.filter((warning) => warning.code === 'ungrounded_dropped');
    expect(ungrounded).toEqual([expect.objectContaining({ details: { dropped: 2 }, message: expect.stringContaining('2 of 4 key points') as string })]);
  });

  it('passes on the verifier warnings (one citation_invalid per dropped candidate)', async () => {
    const grounded = await groundSummary(reply(), verify, true);
    expect(grounded.warnings.filter((warning) => warning.code === 'citation_invalid')).toHaveLength(2);
  });

  it('returns the union of kept citations without repeats, in order of first use (text first)', async () => {
    const grounded = await groundSummary(reply(), verify, true);
    expect(grounded.citations).toEqual([
      { path: 'Good.md', etag: ETAG, line: 1 },
      { path: 'Good.md', etag: ETAG, line: 2 },
    ]);
  });

  it('fails with ai_grounding_failed, listing every dropped candidate, when no citation survives', async () => {
    const ungroundable = reply({ citations: [{ path: 'Bad.md' }], key_points: [{ text: 'x', citations: [{ path: 'Bad.md', line: 1 }] }] });
    const details = await expectIndxError(groundSummary(ungroundable, verify, true), 'ai_grounding_failed');
    expect(details.dropped).toHaveLength(2);
  });

  it('keeps every key point and returns no citations under cite: false', async () => {
    const grounded = await groundSummary(reply({ citations: [] }), verify, false);
    expect(grounded).toEqual({ key_points: ['grounded', 'ungrounded', 'uncited', 'repeats'], citations: [], warnings: [] });
  });
});
