import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expectIndxError } from '../helpers/expect-error';
import { createTempVault, type TempVault } from '../helpers/temp-vault';

describe('concurrent writes through the engine', () => {
  let vault: TempVault;

  beforeEach(async () => {
    vault = await createTempVault({ 'Log.md': '---\nkind: log\n---\n# Log\n' });
  });

  afterEach(async () => {
    await vault.dispose();
  });

  it('lands 50 concurrent note_patch appends exactly once each', async () => {
    const lines = Array.from({ length: 50 }, (_unused, index) => `- entry ${String(index).padStart(2, '0')}`);
    await Promise.all(lines.map((line) => vault.engine.call('note_patch', { path: 'Log.md', ops: [{ op: 'append_body', markdown: line }] })));
    const text = await readFile(join(vault.root, 'Log.md'), 'utf8');
    for (const line of lines) expect(text.split('\n').filter((candidate) => candidate === line)).toHaveLength(1);
    expect(text.startsWith('---\nkind: log\n---\n# Log\n')).toBe(true);
  });

  it('fails a stale if_match cleanly with the current etag and changes nothing', async () => {
    const read = (await vault.engine.call('note_read', { path: 'Log.md' })).output as { etag: string };
    await vault.engine.call('note_patch', { path: 'Log.md', ops: [{ op: 'append_body', markdown: 'first writer' }], if_match: read.etag });
    const before = await readFile(join(vault.root, 'Log.md'), 'utf8');
    const details = await expectIndxError(vault.engine.call('note_patch', { path: 'Log.md', ops: [{ op: 'append_body', markdown: 'second writer' }], if_match: read.etag }), 'etag_mismatch');
    expect(details.current_etag).toBe(vault.engine.etag(before));
    expect(await readFile(join(vault.root, 'Log.md'), 'utf8')).toBe(before);
  });

  it('never trashes a version the delete\'s if_match did not see, even racing a patch', async () => {
    for (let round = 0; round < 10; round += 1) {
      await vault.engine.call('note_write', { path: `Race ${round}.md`, body: 'original\n' });
      const { etag } = (await vault.engine.call('note_read', { path: `Race ${round}.md` })).output as { etag: string };
      const [patch, remove] = await Promise.allSettled([
        vault.engine.call('note_patch', { path: `Race ${round}.md`, ops: [{ op: 'append_body', markdown: 'concurrent edit' }] }),
        vault.engine.call('note_delete', { path: `Race ${round}.md`, if_match: etag }),
      ]);
      expect([patch.status, remove.status]).not.toEqual(['fulfilled', 'fulfilled']);
      if (remove.status === 'fulfilled') expect(vault.engine.etag(await readFile(join(vault.root, '.trash', `Race ${round}.md`), 'utf8'))).toBe(etag);
    }
  });

  it('lets exactly one of many racing writers with the same if_match win', async () => {
    const { etag } = (await vault.engine.call('note_read', { path: 'Log.md' })).output as { etag: string };
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_unused, index) => vault.engine.call('note_patch', { path: 'Log.md', ops: [{ op: 'append_body', markdown: `racer ${index}` }], if_match: etag })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const text = await readFile(join(vault.root, 'Log.md'), 'utf8');
    expect(text.match(/racer \d/g)).toHaveLength(1);
  });
});
