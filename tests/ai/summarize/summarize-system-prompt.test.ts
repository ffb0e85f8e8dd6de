import { createSummarizeSystemPrompt } from '../../../src/core/ai/summarize/summarize-system-prompt';

// The instructions of ai_summarize: only the given notes, citations by path and line, the seed's
// length targets (~50 / 200 / 600 tokens), style, language and audience.

describe('createSummarizeSystemPrompt', () => {
  it('is stable for the defaults', () => {
    expect(createSummarizeSystemPrompt({ cite: true })).toMatchSnapshot();
  });

  it.each([
    ['short', 'about 50 tokens'],
    ['medium', 'about 200 tokens'],
    ['long', 'about 600 tokens'],
  ] as const)('targets the %s length', (length, expected) => {
    expect(createSummarizeSystemPrompt({ cite: true, length })).toContain(expected);
  });

  it('names the language and audience, and drops the citation rule under cite: false', () => {
    const prompt = createSummarizeSystemPrompt({ cite: false, language: 'ja', audience: 'incident responder', style: 'executive' });
    expect(prompt).toContain('"ja"');
    expect(prompt).toContain('incident responder');
    expect(prompt).toContain('decision maker');
    expect(prompt).toContain('Do not add citations.');
    expect(prompt).not.toContain('Cite every claim');
  });
});
