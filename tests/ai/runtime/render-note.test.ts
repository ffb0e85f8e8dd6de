import fc from 'fast-check';
import { chunkNotes, renderNoteForPrompt, type NoteRange } from '../../../src/core/ai/prompt/render-note';
import { noteLines } from '../../../src/core/ai/prompt/note-lines';
import { estimateTokens } from '../../../src/core/ai/runtime/estimate-tokens';
import { toSnapshot, type NoteSnapshot } from '../../../src/core/ai/scope/read-scope-notes';

const fakeEtag = (text: string): string => text.length.toString(16).padStart(16, '0');

function snapshot(path: string, text: string): NoteSnapshot {
  return toSnapshot(path, text, fakeEtag);
}

function renderGroup(group: readonly NoteRange[]): string {
  return group.map((range) => renderNoteForPrompt(range.note, { startLine: range.startLine, endLine: range.endLine })).join('\n\n');
}

describe('renderNoteForPrompt', () => {
  it('numbers every line from 0 inside a note tag carrying path and etag', () => {
    const note = snapshot('Projects/Plan.md', '---\ntags: [a]\n---\n# Plan\n\nShip it.\n');
    expect(renderNoteForPrompt(note)).toBe(`<note path="Projects/Plan.md" etag="${note.etag}">\n0| ---\n1| tags: [a]\n2| ---\n3| # Plan\n4| \n5| Ship it.\n</note>`);
  });

  // Obsidian counts lines from 0 in its positions; the numbers must match the note's real lines,
  // also with CRLF line endings and a byte order mark (which belongs to no line).
  it('numbers CRLF lines like LF lines and ignores a byte order mark', () => {
    const note = snapshot('a.md', '\uFEFF# A\r\ntext\r\n');
    expect(renderNoteForPrompt(note)).toBe(`<note path="a.md" etag="${note.etag}">\n0| # A\n1| text\n</note>`);
  });

  it('escapes quotes in the path attribute', () => {
    expect(renderNoteForPrompt(snapshot('say "hi".md', 'x'))).toContain('<note path="say &quot;hi&quot;.md"');
  });

  it('shows only a line range, numbered as in the whole note, and says which lines', () => {
    const note = snapshot('a.md', 'zero\none\ntwo\nthree\n');
    expect(renderNoteForPrompt(note, { startLine: 1, endLine: 2 })).toBe(`<note path="a.md" etag="${note.etag}" lines="1-2">\n1| one\n2| two\n</note>`);
  });

  it('cuts a note at maxTokens with a final …(truncated) line', () => {
    const note = snapshot('long.md', Array.from({ length: 200 }, (_, index) => `Line ${index} says something about the plan.`).join('\n'));
    const rendered = renderNoteForPrompt(note, { maxTokens: 120 });
    expect(estimateTokens(rendered)).toBeLessThanOrEqual(120);
    expect(rendered.endsWith('…(truncated)\n</note>')).toBe(true);
    expect(rendered).toContain('0| Line 0 says');
    expect(rendered).not.toContain('199| ');
  });

  it('does not truncate a note that fits', () => {
    const note = snapshot('short.md', 'one line');
    expect(renderNoteForPrompt(note, { maxTokens: 1000 })).not.toContain('truncated');
  });
});

describe('chunkNotes', () => {
  it('keeps small notes whole and together', () => {
    const notes = [snapshot('a.md', 'alpha'), snapshot('b.md', 'beta')];
    expect(chunkNotes(notes, 1000).map((group) => group.map((range) => [range.note.path, range.startLine, range.endLine]))).toEqual([
      [
        ['a.md', 0, 0],
        ['b.md', 0, 0],
      ],
    ]);
  });

  it('starts a new group for a note that fits a group of its own but not what is left', () => {
    const filler = 'word '.repeat(60);
    const notes = [snapshot('a.md', filler), snapshot('b.md', filler)];
    const groups = chunkNotes(notes, 120);
    expect(groups.map((group) => group.map((range) => range.note.path))).toEqual([['a.md'], ['b.md']]);
    expect(groups.flat().every((range) => range.startLine === 0 && range.endLine === 0)).toBe(true);
  });

  it('splits a note larger than the budget by line ranges', () => {
    const note = snapshot('big.md', Array.from({ length: 100 }, (_, index) => `Line ${index} of a long note.`).join('\n'));
    const groups = chunkNotes([note], 100);
    expect(groups.length).toBeGreaterThan(1);
    const ranges = groups.flat();
    expect(ranges[0]?.startLine).toBe(0);
    expect(ranges[ranges.length - 1]?.endLine).toBe(99);
    for (const group of groups) expect(estimateTokens(renderGroup(group))).toBeLessThanOrEqual(100);
  });

  it('puts every line of every note in exactly one chunk, and each chunk fits unless a single line cannot', () => {
    const lineText = fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('', '# Heading', '日本語のテキストです。', 'x'.repeat(300)));
    const noteText = fc.array(lineText.map((text) => text.replace(/[\r\n\uFEFF]/g, ' ')), { minLength: 1, maxLength: 40 }).map((lines) => lines.join('\n'));
    fc.assert(
      fc.property(fc.array(noteText, { minLength: 1, maxLength: 6 }), fc.integer({ min: 30, max: 400 }), (texts, maxTokens) => {
        const notes = texts.map((text, index) => snapshot(`n${index}.md`, text));
        const groups = chunkNotes(notes, maxTokens);
        const seen = notes.map((note) => noteLines(note.text).map(() => 0));
        for (const group of groups) {
          expect(group.length).toBeGreaterThan(0);
          for (const range of group) {
            const counts = seen[notes.indexOf(range.note)] as number[];
            for (let line = range.startLine; line <= range.endLine; line += 1) counts[line] = (counts[line] ?? 0) + 1;
          }
          const singleLine = group.length === 1 && group[0]!.startLine === group[0]!.endLine;
          if (!singleLine) expect(estimateTokens(renderGroup(group))).toBeLessThanOrEqual(maxTokens);
        }
        expect(seen.every((counts) => counts.every((count) => count === 1))).toBe(true);
      }),
      { seed: 20260503, numRuns: 300 },
    );
  });
});
