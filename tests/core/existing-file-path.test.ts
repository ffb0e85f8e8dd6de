import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createTempVault, type TempVault } from '../helpers/temp-vault';

// A path without an extension names the note first, as note_read completes it: note_delete must
// never trash another file than the one note_read showed (issue 17 review).

let vault: TempVault;

beforeEach(async () => {
  vault = await createTempVault({ Plan: 'an extensionless file\n', 'Plan.md': '# Plan\n', Notes: 'only this one\n', 'img/pic.png': 'bytes' });
});
afterEach(async () => {
  await vault.dispose();
});

test('note_delete "Plan" trashes Plan.md when both Plan and Plan.md exist', async () => {
  const read = await vault.engine.call('note_read', { path: 'Plan' });
  const deleted = await vault.engine.call('note_delete', { path: 'Plan' });
  expect((deleted.output as { path: string }).path).toBe((read.output as { path: string }).path);
  expect((deleted.output as { path: string }).path).toBe('Plan.md');
  expect(existsSync(join(vault.root, 'Plan'))).toBe(true);
});

test('an extensionless file is taken when there is no such note; a path with an extension is the file there', async () => {
  expect((await vault.engine.call('note_delete', { path: 'Notes' })).output).toMatchObject({ path: 'Notes' });
  expect((await vault.engine.call('note_delete', { path: 'img/pic.png' })).output).toMatchObject({ path: 'img/pic.png' });
  await expect(vault.engine.call('note_delete', { path: 'Missing' })).rejects.toMatchObject({ code: 'not_found', details: { path: 'Missing.md' } });
});
