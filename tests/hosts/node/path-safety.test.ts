import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { PROTECTED_FOLDERS } from '../../../src/core/vault/paths';
import type { VaultEvent } from '../../../src/core/vault/vault-host';
import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { DEFAULT_CONFIG_DIR, isHiddenPath } from '../../../src/hosts/node/vault-paths';
import { expectIndxError } from '../../helpers/expect-error';
import { makeTempVault, removeTempVault, waitFor } from '../../helpers/temp-vault';

const exists = (absolutePath: string) => fs.lstat(absolutePath).then(() => true, () => false);

// Security: one rule for symbolic links, everywhere: they are not part of the vault for the API.
// The scan skips them, and any path through a link (at any depth) is refused with path_forbidden,
// so a link can lead neither out of the vault nor into .obsidian, .git or .indx.
describe('NodeVaultHost and symbolic links', () => {
  let vault: string;
  let outside: string;
  let host: NodeVaultHost;
  const at = (vaultPath: string) => path.join(vault, ...vaultPath.split('/'));

  beforeEach(async () => {
    vault = await makeTempVault({
      'Notes/Alpha.md': '# Alpha\n',
      [`${DEFAULT_CONFIG_DIR}/snippets/theme.css`]: 'body {}',
      '.git/hooks/.keep': '',
      '.indx/state.json': '{}',
    });
    outside = path.join(path.dirname(vault), 'outside');
    await fs.mkdir(outside);
    await fs.writeFile(path.join(outside, 'secret.md'), 'secret');
    await fs.symlink(path.join(outside, 'secret.md'), at('leak.md'));
    await fs.symlink(outside, at('Outside folder'));
    await fs.symlink(path.join(outside, 'not-yet.md'), at('dangling.md'));
    await fs.symlink('Notes/Alpha.md', at('inner.md'));
    await fs.symlink('Notes', at('Mirror'));
    await fs.symlink(`../${DEFAULT_CONFIG_DIR}`, at('Notes/cfg'));
    await fs.symlink('.git', at('gitlink'));
    await fs.symlink('.indx', at('indxlink'));
    host = await NodeVaultHost.open(vault);
  });

  afterEach(async () => {
    await host.close();
    await removeTempVault(vault);
  });

  it('lists no symbolic link, to a file or a folder, inside the vault or out of it', () => {
    expect(host.listFiles().map((file) => file.path)).toEqual(['Notes/Alpha.md']);
    expect(host.listFolders()).toEqual(['Notes']);
    for (const link of ['inner.md', 'Mirror', 'Mirror/Alpha.md', 'leak.md', 'Notes/cfg']) expect(host.exists(link)).toBe(false);
  });

  it('refuses to read through any link, naming the link and saying links are not followed', async () => {
    const details = await expectIndxError(host.read('Mirror/Alpha.md'), 'path_forbidden');
    expect(details).toMatchObject({ path: 'Mirror/Alpha.md', symlink: 'Mirror' });
    await expect(host.read('inner.md')).rejects.toThrow(/does not follow symbolic links/);
    await expectIndxError(host.read('leak.md'), 'path_forbidden');
    await expectIndxError(host.read('Outside folder/secret.md'), 'path_forbidden');
    await expectIndxError(host.read('Notes/cfg/snippets/theme.css'), 'path_forbidden');
  });

  // The host reads known small files by a fast synchronous path (read-small-file.ts); these pin
  // that it keeps the same rule when the disk changed behind the host's back (no watcher here).
  it('refuses to read a known note after its folder was swapped for a link out of the vault', async () => {
    await fs.mkdir(path.join(outside, 'Notes'));
    await fs.writeFile(path.join(outside, 'Notes', 'Alpha.md'), 'outside text');
    await fs.rename(at('Notes'), at('Notes-moved'));
    await fs.symlink(path.join(outside, 'Notes'), at('Notes'));
    expect(host.exists('Notes/Alpha.md')).toBe(true);
    await expectIndxError(host.read('Notes/Alpha.md'), 'path_forbidden');
  });

  it('refuses to read a known note swapped for a link to another note', async () => {
    await fs.writeFile(at('Notes/Beta.md'), 'beta');
    await host.rescan();
    await fs.rm(at('Notes/Alpha.md'));
    await fs.symlink('Beta.md', at('Notes/Alpha.md'));
    await expectIndxError(host.read('Notes/Alpha.md'), 'path_forbidden');
  });

  it('does not hang on a known note swapped for a FIFO', async () => {
    if (process.platform === 'win32') return;
    const { execFileSync } = await import('node:child_process');
    await fs.rm(at('Notes/Alpha.md'));
    execFileSync('mkfifo', [at('Notes/Alpha.md')]);
    await expectIndxError(host.read('Notes/Alpha.md'), 'path_forbidden');
  });

  it('refuses to patch a symlinked note, leaving the link a link and its target untouched', async () => {
    await expectIndxError(host.process('inner.md', (text) => `${text}x\n`), 'path_forbidden');
    expect((await fs.lstat(at('inner.md'))).isSymbolicLink()).toBe(true);
    expect(await fs.readFile(at('Notes/Alpha.md'), 'utf8')).toBe('# Alpha\n');
  });

  it('refuses writes through links into .obsidian, .git and .indx, creating nothing there', async () => {
    await expectIndxError(host.create('Notes/cfg/snippets/evil.md', 'x'), 'path_forbidden');
    await expectIndxError(host.create('gitlink/hooks/x.md', 'x'), 'path_forbidden');
    await expectIndxError(host.create('indxlink/evil.md', 'x'), 'path_forbidden');
    await expectIndxError(host.rename('Notes/Alpha.md', 'gitlink/hooks/post-commit.md'), 'path_forbidden');
    await expectIndxError(host.process('Notes/cfg/snippets/theme.css', () => 'evil'), 'path_forbidden');
    expect(await exists(path.join(vault, DEFAULT_CONFIG_DIR, 'snippets/evil.md'))).toBe(false);
    expect(await exists(path.join(vault, '.git/hooks/x.md'))).toBe(false);
    expect(await exists(path.join(vault, '.git/hooks/post-commit.md'))).toBe(false);
    expect(await exists(path.join(vault, '.indx/evil.md'))).toBe(false);
    expect(await fs.readFile(path.join(vault, DEFAULT_CONFIG_DIR, 'snippets/theme.css'), 'utf8')).toBe('body {}');
    expect(await fs.readFile(at('Notes/Alpha.md'), 'utf8')).toBe('# Alpha\n');
  });

  it('refuses to write through links that leave the vault, and the outside folder is untouched', async () => {
    await expectIndxError(host.process('leak.md', () => 'overwritten'), 'path_forbidden');
    await expectIndxError(host.create('Outside folder/new.md', 'x'), 'path_forbidden');
    await expectIndxError(host.create('Outside folder/deeper/new.md', 'x'), 'path_forbidden');
    await expectIndxError(host.create('dangling.md', 'x'), 'path_forbidden');
    await expectIndxError(host.rename('Notes/Alpha.md', 'Outside folder/Alpha.md'), 'path_forbidden');
    expect(await fs.readFile(path.join(outside, 'secret.md'), 'utf8')).toBe('secret');
    expect(await fs.readdir(outside)).toEqual(['secret.md']);
  });

  it('refuses to trash or rename a link or anything below one; the links stay in place', async () => {
    await expectIndxError(host.trash('leak.md'), 'path_forbidden');
    await expectIndxError(host.trash('Mirror'), 'path_forbidden');
    await expectIndxError(host.trash('Mirror/Alpha.md'), 'path_forbidden');
    await expectIndxError(host.rename('inner.md', 'Moved.md'), 'path_forbidden');
    await expectIndxError(host.rename('Mirror/Alpha.md', 'Moved.md'), 'path_forbidden');
    for (const link of ['leak.md', 'Mirror', 'inner.md']) expect((await fs.lstat(at(link))).isSymbolicLink()).toBe(true);
    expect(await exists(at('Moved.md'))).toBe(false);
    expect(await exists(path.join(vault, '.trash'))).toBe(false);
  });

  it('refuses to trash when .trash is a link out of the vault, and the note stays', async () => {
    await fs.symlink(outside, path.join(vault, '.trash'));
    await expectIndxError(host.trash('Notes/Alpha.md'), 'path_forbidden');
    expect(await fs.readFile(at('Notes/Alpha.md'), 'utf8')).toBe('# Alpha\n');
    expect(await fs.readdir(outside)).toEqual(['secret.md']);
    expect(host.exists('Notes/Alpha.md')).toBe(true);
  });
});

describe('NodeVaultHost with watch and symbolic links', () => {
  it('does not pick up a link made by another program while it watches', async () => {
    const vault = await makeTempVault({ 'Notes/Alpha.md': '# Alpha\n' });
    const host = await NodeVaultHost.open(vault, { watch: true });
    const events: VaultEvent[] = [];
    host.on((event) => events.push(event));
    try {
      await fs.symlink('Notes/Alpha.md', path.join(vault, 'Linked.md'));
      await fs.symlink('Notes', path.join(vault, 'Linked folder'));
      await fs.writeFile(path.join(vault, 'Real.md'), 'real');
      await waitFor(() => host.exists('Real.md'));
      await host.settled();
      expect(host.listFiles().map((file) => file.path).sort()).toEqual(['Notes/Alpha.md', 'Real.md']);
      expect(events.map((event) => event.path)).not.toContain('Linked.md');
    } finally {
      await host.close();
      await removeTempVault(vault);
    }
  });
});

describe('the hidden-name rule of the scan and the watcher', () => {
  // The host filters raw disk names with isHiddenPath; the API refuses paths with the core's
  // toVaultPath. Every folder the core protects must be hidden by the host's rule too.
  it.each([...PROTECTED_FOLDERS, DEFAULT_CONFIG_DIR])('hides %s and everything below it', (folder) => {
    expect(isHiddenPath(folder)).toBe(true);
    expect(isHiddenPath(`${folder}/x.md`)).toBe(true);
  });
});
