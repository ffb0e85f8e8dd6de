import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isolatedEnvironment, printedError, runCli } from '../cli/run-cli';
import { writeTempFolder } from '../helpers/temp-vault';

// `indx note daily` in-process reads the Daily notes settings of the configuration folder the
// plugin is installed in, or of the one --config-dir names, as the plugin in that folder would.

const MANIFEST = JSON.stringify({ id: 'indx', name: 'indx', version: '0.1.0', minAppVersion: '1.0.0' });

let root: string;
let home: string;

beforeAll(async () => {
  root = await writeTempFolder({
    'Home.md': '# Home\n',
    '.obsidian/daily-notes.json': JSON.stringify({ folder: 'Desktop', format: 'YYYY-MM-DD' }),
    '.obsidian-laptop/daily-notes.json': JSON.stringify({ folder: 'Laptop', format: 'DD MMMM YYYY' }),
    '.obsidian-laptop/plugins/indx/manifest.json': MANIFEST,
  });
  home = await mkdtemp(join(tmpdir(), 'indx-home-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

it('follows the settings next to the installed plugin, or those of --config-dir; --no-create only reads', async () => {
  const environment = isolatedEnvironment(home);
  const missing = await runCli(['note', 'daily', '--vault', root, '--date', '2026-11-21', '--no-create'], environment);
  expect([missing.code, printedError(missing)]).toMatchObject([3, { code: 'not_found', details: { path: 'Laptop/21 November 2026.md' } }]);
  const created = await runCli(['note', 'daily', '--vault', root, '--date', '2026-11-21'], environment);
  expect(JSON.parse(created.stdout)).toMatchObject({ path: 'Laptop/21 November 2026.md', created: true, body: '' });
  const desktop = await runCli(['--config-dir', '.obsidian', 'note', 'daily', '--vault', root, '--date', '2026-11-21', '--offset', '1'], environment);
  expect(JSON.parse(desktop.stdout)).toMatchObject({ path: 'Desktop/2026-11-22.md', created: true });
  expect(await readFile(join(root, 'Desktop/2026-11-22.md'), 'utf8')).toBe('');
});
