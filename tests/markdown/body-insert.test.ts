import { appendBody, prependBody } from '../../src/core/markdown/body-insert';

describe('append_body', () => {
  it('appends on its own line', () => {
    expect(appendBody('# T\ntext\n', 'more')).toBe('# T\ntext\nmore\n');
    expect(appendBody('# T\ntext', 'more\n')).toBe('# T\ntext\nmore\n');
    expect(appendBody('', 'first')).toBe('first\n');
  });

  it('follows CRLF', () => {
    expect(appendBody('a\r\nb', 'c\nd')).toBe('a\r\nb\r\nc\r\nd\r\n');
  });

  it('refuses blank markdown', () => {
    expect(() => appendBody('a\n', '   ')).toThrow(expect.objectContaining({ code: 'invalid_input' }) as Error);
  });
});

describe('prepend_body', () => {
  it('inserts right after the frontmatter block', () => {
    expect(prependBody('---\na: 1\n---\n# T\n', 'Lead line')).toBe('---\na: 1\n---\nLead line\n# T\n');
  });

  it('inserts at the very start of a note without frontmatter', () => {
    expect(prependBody('# T\n', 'Lead')).toBe('Lead\n# T\n');
  });

  it('adds a line break after a closing --- that ends the file', () => {
    expect(prependBody('---\na: 1\n---', 'Body')).toBe('---\na: 1\n---\nBody\n');
  });

  it('never creates frontmatter: markdown that would open a note with a --- block is refused (issue 14, item 7)', () => {
    expect(() => prependBody('# T\n', '---\ninjected: yes\n---')).toThrow(expect.objectContaining({ code: 'invalid_input' }) as Error);
    expect(() => appendBody('', '---\ninjected: yes\n---\n')).toThrow(expect.objectContaining({ code: 'invalid_input' }) as Error);
    // Under existing frontmatter, or below other text, a --- block is body text.
    expect(prependBody('---\na: 1\n---\n# T\n', '---\nb: 2\n---')).toBe('---\na: 1\n---\n---\nb: 2\n---\n# T\n');
    expect(appendBody('# T\n', '---\nb: 2\n---')).toBe('# T\n---\nb: 2\n---\n');
  });

  it('treats a --- block not at the top as body, not frontmatter', () => {
    const text = 'Intro\n---\na: 1\n---\n';
    expect(prependBody(text, 'x')).toBe(`x\n${text}`);
  });
});
