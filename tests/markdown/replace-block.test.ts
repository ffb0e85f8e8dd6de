import { replaceBlock } from '../../src/core/markdown/replace-block';
import { thrownIndxError } from './thrown-indx-error';


describe('replace_block', () => {
  it('replaces a paragraph carrying ^id and re-appends the marker (fixture all_link_types: "block ^block")', () => {
    const text = '### sub-heading\n\nblock ^block\n\nafter\n';
    expect(replaceBlock(text, 'block', 'new paragraph')).toBe('### sub-heading\n\nnew paragraph ^block\n\nafter\n');
  });

  it('accepts the id with ^ and does not double a marker the markdown already has', () => {
    const text = 'one\ntwo ^b-1\n\nrest\n';
    expect(replaceBlock(text, '^b-1', 'three ^b-1')).toBe('three ^b-1\n\nrest\n');
  });

  it('replaces all lines of a multi-line paragraph', () => {
    expect(replaceBlock('a\nb\nc ^p\n\nz\n', 'p', 'x\ny')).toBe('x\ny ^p\n\nz\n');
  });

  it('keeps the bullet and checkbox of a list item when the markdown has none', () => {
    const text = '- [ ] first\n- [ ] second ^task2\n- [ ] third\n';
    expect(replaceBlock(text, 'task2', 'second, reworded')).toBe('- [ ] first\n- [ ] second, reworded ^task2\n- [ ] third\n');
  });

  it('uses a list item written by the agent as is, indented like a nested original', () => {
    const text = '- parent\n    - child ^c\n- sibling\n';
    expect(replaceBlock(text, 'c', '- [x] child done')).toBe('- parent\n    - [x] child done ^c\n- sibling\n');
    expect(replaceBlock(text, 'c', 'child text')).toBe('- parent\n    - child text ^c\n- sibling\n');
  });

  it('indents continuation lines under the bullet', () => {
    expect(replaceBlock('1. item ^i\n', 'i', 'line one\nline two')).toBe('1. line one\n   line two ^i\n');
  });

  it('keeps quote markers of a quoted paragraph', () => {
    expect(replaceBlock('> quoted ^q\n', 'q', 'changed')).toBe('> changed ^q\n');
  });

  it('uses CRLF between new lines in a CRLF note', () => {
    expect(replaceBlock('para\r\nmore ^p\r\n\r\nz\r\n', 'p', 'a\nb')).toBe('a\r\nb ^p\r\n\r\nz\r\n');
  });

  it('replaces a list whose id sits on its own line below it, leaving the id line alone', () => {
    const text = '- a\n- b\n\n^list\n\nafter\n';
    expect(replaceBlock(text, 'list', '- c')).toBe('- c\n\n^list\n\nafter\n');
  });

  it('does not treat a ^id at the end of a paragraph\'s first line as the block id (it must end the block)', () => {
    expect(thrownIndxError(() => replaceBlock('para ^p\nnext\n', 'p', 'x')).code).toBe('block_not_found');
  });

  it('fails with block_not_found listing the ids the note has', () => {
    const error = thrownIndxError(() => replaceBlock('text ^known\n', 'unknown', 'x'));
    expect(error.code).toBe('block_not_found');
    expect(error.details).toEqual({ block_id: 'unknown', available: ['known'] });
  });

  it('refuses blank markdown and a blank id with invalid_input', () => {
    expect(thrownIndxError(() => replaceBlock('text ^known\n', 'known', '\n')).code).toBe('invalid_input');
    expect(thrownIndxError(() => replaceBlock('text ^known\n', '^', 'x')).code).toBe('invalid_input');
  });
});
