import fc from 'fast-check';
import { editFrontmatterText } from '../../../src/core/ai/apply/edit-frontmatter-text';
import { proposedFrontmatterPatch } from '../../../src/core/ai/apply/proposed-frontmatter-patch';
import { applyPatch } from '../../../src/core/markdown/apply-patch';
import type { PatchOp } from '../../../src/core/markdown/patch-op';

const tagArbitrary = fc.stringMatching(/^[a-z][a-z0-9_/-]{0,8}$/);
const bodyArbitrary = fc.array(fc.oneof(fc.constantFrom('# Head', '#inline', '- item', '', 'text ^id', 'tags: fake'), fc.string({ maxLength: 12 }).filter((line) => !line.includes('\n') && !line.includes('\r'))), { maxLength: 6 }).map((lines) => lines.join('\n'));

describe('editFrontmatterText', () => {
  it('never changes a byte of the body (inline #tags are the user\'s)', () => {
    fc.assert(
      fc.property(fc.array(tagArbitrary, { maxLength: 4 }), fc.array(tagArbitrary, { minLength: 1, maxLength: 4 }), bodyArbitrary, (existing, added, body) => {
        const frontmatter = existing.length === 0 ? '' : `---\ntags:\n${existing.map((tag) => `  - ${tag}`).join('\n')}\n---\n`;
        const edited = editFrontmatterText(frontmatter + body, { path: 'N.md', edit: () => [{ key: 'tags', value: [...existing, ...added] }] });
        expect(edited.text.endsWith(body)).toBe(true);
        expect(edited.text.slice(0, edited.text.length - body.length)).toMatch(/^---\n[\s\S]*\n---\n$/);
      }),
      { seed: 20260503, numRuns: 200 },
    );
  });

  it('passes the frontmatter as parsed now, or null when the note has none', () => {
    const seen: unknown[] = [];
    const plan = { path: 'N.md', edit: (frontmatter: Record<string, unknown> | null) => (seen.push(frontmatter), []) };
    editFrontmatterText('---\na: 1\n---\nx', plan);
    editFrontmatterText('x', plan);
    expect(seen).toEqual([{ a: 1 }, null]);
  });
});

describe('proposedFrontmatterPatch', () => {
  it('drafts the note_patch ops an apply would make, pinned to the read etag', () => {
    const patch = proposedFrontmatterPatch('N.md', '0123456789abcdef', [{ key: 'tags', value: 'solo' }, { key: 'old', remove: true }], 'suggested tags');
    expect(patch).toEqual({
      path: 'N.md',
      ops: [{ op: 'set_frontmatter', key: 'tags', value: ['solo'] }, { op: 'delete_frontmatter', key: 'old' }],
      if_match: '0123456789abcdef',
      reason: 'suggested tags',
      related_to: [],
    });
    const text = '---\nold: 1\n---\nbody\n';
    const plan = { path: 'N.md', edit: () => [{ key: 'tags', value: 'solo' }, { key: 'old', remove: true as const }] };
    expect(applyPatch(text, patch.ops as PatchOp[])).toBe(editFrontmatterText(text, plan).text);
  });
});
