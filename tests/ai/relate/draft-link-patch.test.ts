import fc from 'fast-check';
import { draftLinkPatch } from '../../../src/core/ai/relate/draft-link-patch';
import { toSnapshot } from '../../../src/core/ai/scope/read-scope-notes';
import { applyPatch } from '../../../src/core/markdown/apply-patch';
import type { PatchOp } from '../../../src/core/markdown/patch-op';

const ITEMS = [
  { path: 'B.md', linkPath: 'B', label: 'extends' },
  { path: 'C/D.md', linkPath: 'C/D', label: 'related' },
];

function patched(text: string): string {
  const draft = draftLinkPatch(toSnapshot('A.md', text, () => '0123456789abcdef'), ITEMS);
  expect(draft).toMatchObject({ path: 'A.md', if_match: '0123456789abcdef', related_to: ['B.md', 'C/D.md'] });
  return applyPatch(text, draft.ops as PatchOp[]);
}

describe('draftLinkPatch', () => {
  it('appends a "## Related" section after a blank line when the note has none', () => {
    expect(patched('# A\nText.\n')).toBe('# A\nText.\n\n## Related\n- [[B]] — extends\n- [[C/D]] — related\n');
    expect(patched('# A\nText.\n\n')).toBe('# A\nText.\n\n## Related\n- [[B]] — extends\n- [[C/D]] — related\n');
    expect(patched('Text without break')).toBe('Text without break\n\n## Related\n- [[B]] — extends\n- [[C/D]] — related\n');
  });

  it('adds the items after the last line of an existing Related section, keeping its spacing and what follows', () => {
    expect(patched('# A\n## Related\n\n- [[X]]\n\n## Next\nMore.\n')).toBe('# A\n## Related\n\n- [[X]]\n- [[B]] — extends\n- [[C/D]] — related\n\n## Next\nMore.\n');
  });

  it('adds them before a subheading of the Related section, which is kept byte for byte', () => {
    expect(patched('## related\n- [[X]]\n### Older\n- [[Y]]\n')).toBe('## related\n- [[X]]\n- [[B]] — extends\n- [[C/D]] — related\n### Older\n- [[Y]]\n');
  });

  it('works under a setext "Related" heading and in a note with CRLF line endings (Obsidian keeps a note\'s line endings)', () => {
    expect(patched('Related\n-------\n- [[X]]\n')).toBe('Related\n-------\n- [[X]]\n- [[B]] — extends\n- [[C/D]] — related\n');
    expect(patched('# A\r\n## Related\r\n- [[X]]\r\n')).toBe('# A\r\n## Related\r\n- [[X]]\r\n- [[B]] — extends\r\n- [[C/D]] — related\r\n');
  });

  it('changes nothing outside the Related section: it appends a new section, or only inserts the items (runs of blank lines in the section kept to one, as replace_section spaces)', () => {
    const inserted = '- [[B]] — extends\n- [[C/D]] — related\n';
    const collapse = (text: string) => text.replace(/\n{3,}/g, '\n\n').replace(/\n*$/, '');
    const line = fc.constantFrom('# A', '## Related', '## Next', '### Sub', 'text', '- [[X]]', '', '## Related again');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.boolean(), (lines, finalBreak) => {
        const text = lines.join('\n') + (finalBreak ? '\n' : '');
        const draft = draftLinkPatch(toSnapshot('A.md', text, () => '0123456789abcdef'), ITEMS);
        const result = applyPatch(text, draft.ops as PatchOp[]);
        if (draft.ops[0]?.op === 'append_body') {
          expect(result.startsWith(text)).toBe(true);
          expect(result.slice(text.length)).toMatch(/^\n{0,2}## Related\n- \[\[B\]\] — extends\n- \[\[C\/D\]\] — related\n$/);
          return;
        }
        const at = result.indexOf(inserted);
        expect(at).toBeGreaterThanOrEqual(0);
        expect(collapse(result.slice(0, at) + result.slice(at + inserted.length))).toBe(collapse(text));
      }),
      { seed: 11, numRuns: 300 },
    );
  });
});
