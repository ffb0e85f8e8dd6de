import { capBytes } from '../../src/core/notes/cap-bytes';
import { lineAtOffset, sliceLines } from '../../src/core/notes/note-lines';

// note_read's line ranges and note_read_many's body cap (issue 17): lines are 1-based over the
// whole file, frontmatter included; the cap never splits a character.

describe('sliceLines', () => {
  it('numbers lines from 1 over the whole file, frontmatter included', () => {
    const text = '---\ntags: [a]\n---\n# Title\nbody\n';
    expect(sliceLines(text)).toEqual({ lines: text, from_line: 1, to_line: 5, total_lines: 5 });
    expect(sliceLines(text, { from: 4, count: 1 })).toEqual({ lines: '# Title\n', from_line: 4, to_line: 4, total_lines: 5 });
    expect(sliceLines(text, { from: 2, count: 2, numbered: true }).lines).toBe('2: tags: [a]\n3: ---\n');
  });

  it('keeps CRLF line breaks as they are and counts them once', () => {
    const text = 'one\r\ntwo\r\nthree\r\n';
    expect(sliceLines(text, { from: 2 })).toEqual({ lines: 'two\r\nthree\r\n', from_line: 2, to_line: 3, total_lines: 3 });
    expect(sliceLines(text, { from: 1, count: 2, numbered: true }).lines).toBe('1: one\r\n2: two\r\n');
  });

  it('counts a last line without a line break, and no extra line after a final break', () => {
    expect(sliceLines('a\nb').total_lines).toBe(2);
    expect(sliceLines('a\nb', { from: 2, numbered: true }).lines).toBe('2: b');
    expect(sliceLines('a\nb\n').total_lines).toBe(2);
    expect(sliceLines('a\n\n').total_lines).toBe(2);
    expect(sliceLines('a\n\n', { from: 2, numbered: true }).lines).toBe('2: \n');
  });

  it('has no lines in an empty file, and leaves a byte order mark out of line 1', () => {
    expect(sliceLines('')).toEqual({ lines: '', from_line: 1, to_line: 0, total_lines: 0 });
    expect(sliceLines('\ufeff')).toEqual({ lines: '', from_line: 1, to_line: 0, total_lines: 0 });
    expect(sliceLines('\ufeff# T\nx', { count: 1, numbered: true }).lines).toBe('1: # T\n');
  });

  it('returns no lines, with the total, for a range that starts past the end; clips one that runs past it', () => {
    expect(sliceLines('a\nb\n', { from: 5, count: 2 })).toEqual({ lines: '', from_line: 5, to_line: 2, total_lines: 2 });
    expect(sliceLines('a\nb\n', { from: 3 })).toEqual({ lines: '', from_line: 3, to_line: 2, total_lines: 2 });
    expect(sliceLines('a\nb\n', { from: 2, count: 10 })).toEqual({ lines: 'b\n', from_line: 2, to_line: 2, total_lines: 2 });
  });

  it('finds the 1-based line holding an offset', () => {
    expect([0, 1, 2, 3, 4].map((offset) => lineAtOffset('a\nb\nc', offset))).toEqual([1, 1, 2, 2, 3]);
  });
});

describe('capBytes', () => {
  it('keeps a text that fits, counting UTF-8 bytes rather than characters', () => {
    expect(capBytes('héllo\n', 7)).toEqual({ text: 'héllo\n', truncated: false });
    expect(capBytes('héllo\n', 6)).toEqual({ text: 'héllo', truncated: true });
  });

  it('cuts after the last line break that fits', () => {
    expect(capBytes('one\ntwo\nthree\n', 10)).toEqual({ text: 'one\ntwo\n', truncated: true });
    expect(capBytes('one\r\ntwo\r\n', 8)).toEqual({ text: 'one\r\n', truncated: true });
  });

  it('cuts a first line too long to fit at a character boundary, never inside a character', () => {
    expect(capBytes('ééééé', 5)).toEqual({ text: 'éé', truncated: true });
    expect(capBytes('a😀b', 4)).toEqual({ text: 'a', truncated: true });
    expect(capBytes('a😀b', 5)).toEqual({ text: 'a😀', truncated: true });
  });
});
