import { applyPatch } from '../../src/core/markdown/apply-patch';
import type { PatchOp } from '../../src/core/markdown/patch-op';
import { parseMetadata } from '../../src/core/metadata/parse-metadata';

// A note saved as "UTF-8 with BOM" starts with U+FEFF. Obsidian shows it like the same note
// without the mark (assumption, see byte-order-mark.ts), so every op must behave as without it
// and leave the mark as the very first character.
const BOM = '\uFEFF';

/** Applies `ops` to `text` with and without a leading BOM and checks both give the same note. */
function patchBoth(text: string, ops: PatchOp[]): string {
  const plain = applyPatch(text, ops);
  const marked = applyPatch(BOM + text, ops);
  expect(marked).toBe(BOM + plain);
  return plain;
}

describe('patch ops on a note that starts with a byte order mark', () => {
  it('edits the frontmatter after the mark instead of stacking a second block in front of it', () => {
    const text = '---\ntitle: bom\n---\n# H\n';
    expect(patchBoth(text, [{ op: 'set_frontmatter', key: 'title', value: 'x' }])).toBe('---\ntitle: x\n---\n# H\n');
    expect(patchBoth(text, [{ op: 'delete_frontmatter', key: 'title' }])).toBe('---\n---\n# H\n');
    const created = patchBoth('# H\n', [{ op: 'set_frontmatter', key: 'a', value: 1 }]);
    expect(parseMetadata(BOM + created).frontmatter).toEqual({ a: 1 });
  });

  it('prepends the body after the mark, or after the frontmatter that follows it', () => {
    expect(patchBoth('# H\n', [{ op: 'prepend_body', markdown: 'first' }])).toBe('first\n# H\n');
    expect(patchBoth('---\na: 1\n---\nbody\n', [{ op: 'prepend_body', markdown: 'first' }])).toBe('---\na: 1\n---\nfirst\nbody\n');
  });

  it('finds, renames and inserts around a heading on line 0 right after the mark', () => {
    const text = '# Title\ntext\n## Sub\n';
    expect(patchBoth(text, [{ op: 'rename_heading', from: 'Title', to: 'New' }])).toBe('# New\ntext\n## Sub\n');
    expect(patchBoth(text, [{ op: 'insert_before_heading', heading: 'Title', markdown: 'above' }])).toBe('above\n# Title\ntext\n## Sub\n');
    expect(patchBoth(text, [{ op: 'replace_section', heading: 'Title', markdown: 'all new' }])).toBe('# Title\nall new\n');
  });

  it('replaces a block on line 0 after the mark', () => {
    expect(patchBoth('- item ^b1\n- other\n', [{ op: 'replace_block', block_id: 'b1', markdown: 'changed' }])).toBe('- changed ^b1\n- other\n');
  });
});
