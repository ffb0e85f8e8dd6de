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

  // Written like access.excluded_paths (the same settings tab): a glob naming a folder covers everything in it.
  it.each(['Private', 'Private/', 'Private/**'])('denies every note below a folder named by the deny glob %s', (glob) => {
    expect(isAiAllowed({ allow_globs: [], deny_globs: [glob] }, 'Private/a/x.md')).toBe(false);
    expect(isAiAllowed({ allow_globs: [], deny_globs: [glob] }, 'Privateer.md')).toBe(true);
  });

  // Security: the configuration may narrow INDX_AI_ALLOW_GLOBS, never widen it.
  it('requires the operator allow list too when the configuration has its own', () => {
    const settings = { allow_globs: ['**'], operator_allow_globs: ['Public/**'], deny_globs: [] };
    expect(isAiAllowed(settings, 'Public/a.md')).toBe(true);
    expect(isAiAllowed(settings, 'Private/a.md')).toBe(false);
  });
});
