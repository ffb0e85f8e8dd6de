import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTempVault } from '../helpers/temp-vault';

/** Review finding: with `frontmatter: {}`, a body that itself looks like a block after the removed one must not survive. */
describe('note_write with frontmatter {} over a note whose old body opens with --- lines', () => {
  it.each([
    ['a valid block', '---\na: 1\n---\n---\nhello\n---\nold'],
    ['an invalid block', '---\na: [\n---\n---\nhello\n---\nold'],
  ])('replaces %s and the whole old body with the new body', async (_what, before) => {
    const vault = await createTempVault({ 'N.md': before });
    try {
      await vault.engine.call('note_write', { path: 'N.md', frontmatter: {}, body: 'new' });
      expect(await readFile(join(vault.root, 'N.md'), 'utf8')).toBe('new');
    } finally {
      await vault.dispose();
    }
  });
});
