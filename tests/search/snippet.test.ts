import { buildSnippet, SNIPPET_LENGTH } from '../../src/core/search/query/snippet';

describe('buildSnippet', () => {
  it('shows the start of a short text with every match highlighted and white space collapsed', () => {
    expect(buildSnippet('# Deploy\n\nDeploying   the app:\n- deploy again', new Set(['deploi']))).toBe('# **Deploy** **Deploying** the app: - **deploy** again');
  });

  it('centres a long text on the richest cluster of matches and marks the cuts', () => {
    const text = `${'filler words here. '.repeat(30)}The alpha beta gamma section. ${'more filler text. '.repeat(30)}`;
    const snippet = buildSnippet(text, new Set(['alpha', 'beta', 'gamma']));
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('The **alpha** **beta** **gamma** section.');
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 20);
  });

  it('prefers the window with more distinct terms over repeats of one', () => {
    const text = `alpha alpha alpha alpha. ${'x '.repeat(200)}alpha beta together.`;
    expect(buildSnippet(text, new Set(['alpha', 'beta']))).toContain('**alpha** **beta** together.');
  });

  it('falls back to the start of the text when nothing matches', () => {
    expect(buildSnippet(`start ${'y '.repeat(200)}`, new Set(['zzz']))).toMatch(/^start y y .*…$/);
  });

  // Cuts count UTF-16 code units; an emoji or a rare ideograph is two of them, and a cut between
  // them left a lone surrogate (invalid text) at either end of the snippet.
  it('never cuts a character outside the Basic Multilingual Plane in half', () => {
    const lonely = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    for (let shift = 0; shift < 6; shift += 1) {
      const text = `${'a'.repeat(shift)}${'😀𠀀'.repeat(150)} target ${'😀𠀀'.repeat(150)}`;
      expect([shift, lonely.test(buildSnippet(text, new Set(['target'])))]).toEqual([shift, false]);
    }
  });

  it('finds the cluster holding every term in a section dense with matches', () => {
    const text = `${'alpha beta '.repeat(400)}gamma delta alpha`;
    const snippet = buildSnippet(text, new Set(['alpha', 'beta', 'gamma', 'delta']));
    expect(snippet).toContain('**gamma** **delta**');
  });
});
