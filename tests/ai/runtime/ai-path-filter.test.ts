import { isAiAllowed } from '../../../src/core/ai/scope/ai-path-filter';

describe('isAiAllowed', () => {
  it('allows every note when no globs are set', () => {
    expect(isAiAllowed({ allow_globs: [], deny_globs: [] }, 'Private/diary.md')).toBe(true);
  });

  it('keeps denied notes away, and deny wins over allow', () => {
    const settings = { allow_globs: ['**/*.md'], deny_globs: ['Private/**', 'Journal/**'] };
    expect(isAiAllowed(settings, 'Private/diary.md')).toBe(false);
    expect(isAiAllowed(settings, 'Private/Deep/x.md')).toBe(false);
    expect(isAiAllowed(settings, 'Journal/2026-05-03.md')).toBe(false);
    expect(isAiAllowed(settings, 'Projects/Plan.md')).toBe(true);
  });

  it('allows only notes matching an allow glob when some are set', () => {
    const settings = { allow_globs: ['Projects/**', 'Home.md'], deny_globs: [] };
    expect(isAiAllowed(settings, 'Projects/Plan.md')).toBe(true);
    expect(isAiAllowed(settings, 'Home.md')).toBe(true);
    expect(isAiAllowed(settings, 'Inbox/todo.md')).toBe(false);
  });
});
