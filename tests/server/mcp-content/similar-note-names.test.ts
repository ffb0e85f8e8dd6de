import { findSimilarNotes } from '../../../src/server/mcp/prompts/similar-note-names';

const NOTES = ['Notes/Alpha.md', 'Projects/Project Plan.md', 'Meeting notes.md', 'Plan.md', 'Zeta.md'];

describe('findSimilarNotes', () => {
  it('ranks the same name first, then containment, then near typos', () => {
    expect(findSimilarNotes('plan', NOTES)).toEqual(['Plan.md', 'Projects/Project Plan.md']);
    expect(findSimilarNotes('Alpah', NOTES)).toEqual(['Notes/Alpha.md']);
    expect(findSimilarNotes('meeting-notes', NOTES)).toEqual(['Meeting notes.md']);
  });

  it('compares file names only, not folders in the link', () => {
    expect(findSimilarNotes('Archive/Zeta', NOTES)).toEqual(['Zeta.md']);
  });

  it('returns nothing for unrelated or too-short names, and at most three', () => {
    expect(findSimilarNotes('Quarterly budget', NOTES)).toEqual([]);
    expect(findSimilarNotes('', NOTES)).toEqual([]);
    expect(findSimilarNotes('Note', ['Note 1.md', 'Note 2.md', 'Note 3.md', 'Note 4.md'])).toEqual(['Note 1.md', 'Note 2.md', 'Note 3.md']);
  });
});
