import fc from 'fast-check';
import type { CitationCandidate } from '../../../src/core/ai/grounding/citation-candidate';
import { createAnswerJsonSchema } from '../../../src/core/ai/ask/answer-json-schema';
import { createAskSystemPrompt } from '../../../src/core/ai/ask/ask-system-prompt';
import { chooseRetrievalMode } from '../../../src/core/ai/ask/choose-retrieval-mode';
import { evidenceRange } from '../../../src/core/ai/ask/evidence-range';
import { fitHistory } from '../../../src/core/ai/ask/fit-history';
import { groundAnswer } from '../../../src/core/ai/ask/ground-answer';
import { modelAnswerSchema } from '../../../src/core/ai/ask/model-answer';
import { renderEvidence } from '../../../src/core/ai/ask/render-evidence';
import { toAskMatchFields } from '../../../src/core/ai/ask/to-ask-match-fields';
import { UNSUPPORTED_ANSWER } from '../../../src/core/ai/ask/unsupported-answer';
import { estimateTokens } from '../../../src/core/ai/runtime/estimate-tokens';
import { toSnapshot } from '../../../src/core/ai/scope/read-scope-notes';
import type { CitationCheck } from '../../../src/core/ai/summarize/citation-check';

// The deterministic parts of ai_ask (seed 002 §5.2): retrieval mode, match fields, evidence
// windows, history trimming, the answer schema and grounding.

const ETAG = '0123456789abcdef';

async function keepGood(candidates: CitationCandidate[]): Promise<CitationCheck> {
  const kept = candidates.filter((candidate) => candidate.path === 'Good.md');
  const dropped = candidates.filter((candidate) => candidate.path !== 'Good.md');
  return {
    citations: kept.map((candidate) => ({ path: candidate.path, etag: ETAG })),
    warnings: dropped.map((candidate) => ({ code: 'citation_drift' as const, message: 'changed', path: candidate.path })),
    dropped: dropped.map((candidate) => ({ candidate, reason: 'etag_changed' })),
  };
}

describe('chooseRetrievalMode', () => {
  it.each([
    [undefined, true, 'hybrid', false],
    ['semantic', true, 'semantic', false],
    ['lexical', true, 'lexical', false],
    [undefined, false, 'lexical', true],
    ['hybrid', false, 'lexical', true],
    ['semantic', false, 'lexical', true],
    ['lexical', false, 'lexical', false],
  ] as const)('requested %s with embeddings %s → %s (warning %s)', (requested, embeddings, mode, warned) => {
    const choice = chooseRetrievalMode(requested, embeddings);
    expect(choice.mode).toBe(mode);
    expect(choice.warning?.code ?? null).toBe(warned ? 'embeddings_unavailable' : null);
  });
});

describe('toAskMatchFields', () => {
  it('maps title/aliases/path to title, headings/body/semantic to body, tags to tags, without repeats in the seed order', () => {
    expect(toAskMatchFields(['semantic', 'tags', 'aliases', 'path', 'headings', 'body', 'title'])).toEqual(['title', 'body', 'tags']);
    expect(toAskMatchFields(['body'])).toEqual(['body']);
    expect(toAskMatchFields([])).toEqual([]);
  });
});

describe('evidenceRange', () => {
  const longNote = toSnapshot('Long.md', ['# Top', ...Array.from({ length: 200 }, (_unused, index) => (index === 100 ? '## Middle' : index === 120 ? '## After' : `filler line ${index} with enough words to weigh something`))].join('\n'), () => ETAG);

  it('shows a small note whole', () => {
    const small = toSnapshot('Small.md', '# A\nb\nc\n', () => ETAG);
    expect(evidenceRange(small, 2, 3)).toEqual({ startLine: 0, endLine: 2 });
  });

  it('shows the matched section of a long note, up to the next heading, with three lines of context', () => {
    expect(evidenceRange(longNote, 101, 201)).toEqual({ startLine: 98, endLine: 123 });
  });

  it('shows a long note whole when the search gave no section', () => {
    expect(evidenceRange(longNote, null, 201)).toEqual({ startLine: 0, endLine: 200 });
  });

  it('renders every retrieved note within the budget, each with its path and numbered lines', () => {
    const small = toSnapshot('Small.md', '# A\nb\n', () => ETAG);
    const rendered = renderEvidence([{ note: longNote, line: 101 }, { note: small, line: 0 }], 400);
    expect(rendered).toContain('<note path="Long.md" etag="0123456789abcdef" lines="98-123">');
    expect(rendered).toContain('101| ## Middle');
    expect(rendered).toContain('1| b');
    expect(estimateTokens(rendered)).toBeLessThanOrEqual(400 + 2);
  });
});

describe('fitHistory', () => {
  it('keeps the most recent turns that fit, oldest first', () => {
    const history = [
      { role: 'user' as const, content: 'a'.repeat(400) },
      { role: 'assistant' as const, content: 'b'.repeat(40) },
      { role: 'user' as const, content: 'c'.repeat(40) },
    ];
    expect(fitHistory(history, 25).map((turn) => turn.content[0])).toEqual(['b', 'c']);
    expect(fitHistory(history, 10_000)).toHaveLength(3);
    expect(fitHistory(history, 5)).toEqual([]);
  });

  it('never exceeds the budget and always keeps a suffix of the conversation', () => {
    const turn = fc.record({ role: fc.constantFrom('user' as const, 'assistant' as const), content: fc.string({ maxLength: 80 }) });
    fc.assert(
      fc.property(fc.array(turn, { maxLength: 12 }), fc.nat(60), (history, budget) => {
        const kept = fitHistory(history, budget);
        expect(kept.reduce((sum, item) => sum + estimateTokens(item.content), 0)).toBeLessThanOrEqual(budget);
        expect(kept).toEqual(history.slice(history.length - kept.length));
      }),
      { seed: 11, numRuns: 200 },
    );
  });
});

describe('the answer reply', () => {
  it('has every property required, citations only under cite', () => {
    const withCitations = createAnswerJsonSchema(true) as { properties: Record<string, unknown>; required: string[] };
    expect(withCitations.required).toEqual(['answer', 'citations', 'confidence', 'supported', 'followups']);
    expect(Object.keys((createAnswerJsonSchema(false) as { properties: object }).properties)).toEqual(['answer', 'confidence', 'supported', 'followups']);
  });

  it('is stable in its instructions', () => {
    expect(createAskSystemPrompt({ cite: true })).toMatchSnapshot();
  });

  it('reads missing optional fields with defaults', () => {
    expect(modelAnswerSchema.parse({ answer: 'x' })).toEqual({ answer: 'x', confidence: 'unknown', supported: true, followups: [], citations: [] });
  });
});

describe('groundAnswer', () => {
  const base = modelAnswerSchema.parse({ answer: 'Alpha ships sync.', confidence: 'high', supported: true, followups: ['And Beta?'], citations: [{ path: 'Good.md', line: 1 }, { path: 'Moved.md' }] });

  it('keeps a supported answer with its verified citations and the drift warnings of the others', async () => {
    const grounded = await groundAnswer(base, keepGood, true);
    expect(grounded.answer).toEqual({ answer: 'Alpha ships sync.', confidence: 'high', citations: [{ path: 'Good.md', etag: ETAG }], followups: ['And Beta?'] });
    expect(grounded.warnings.map((warning) => warning.code)).toEqual(['citation_drift']);
  });

  it('answers "I don\'t know" (low, unsupported_question) when the model says the evidence does not support an answer', async () => {
    const grounded = await groundAnswer({ ...base, supported: false }, keepGood, true);
    expect(grounded.answer).toMatchObject({ answer: UNSUPPORTED_ANSWER, confidence: 'low', citations: [] });
    expect(grounded.warnings.map((warning) => warning.code)).toEqual(['unsupported_question']);
  });

  it('answers "I don\'t know" rather than failing when no citation survives', async () => {
    const grounded = await groundAnswer(modelAnswerSchema.parse({ ...base, citations: [{ path: 'Moved.md' }] }), keepGood, true);
    expect(grounded.answer).toMatchObject({ answer: UNSUPPORTED_ANSWER, confidence: 'low', citations: [] });
    expect(grounded.warnings.map((warning) => warning.code)).toEqual(['citation_drift', 'unsupported_question']);
  });

  it('keeps the answer without verifying anything under cite: false', async () => {
    const grounded = await groundAnswer({ ...base, citations: [] }, keepGood, false);
    expect(grounded.answer.answer).toBe('Alpha ships sync.');
    expect(grounded.answer.citations).toEqual([]);
  });
});
