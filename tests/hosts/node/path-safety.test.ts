import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { makeTempVault, removeTempVault } from './temp-vault';

// Security: a symlink inside the vault must never let the API reach files outside it.
describe('NodeVaultHost path safety at the file-system edge', () => {
  let vault: string;
  let outside: string;
  let host: NodeVaultHost;

  beforeAll(async () => {
    vault = await makeTempVault({ 'Notes/Alpha.md': '# Alpha\n' });
    outside = path.join(path.dirname(vault), 'outside');
    await fs.mkdir(outside);
    await fs.writeFile(path.join(outside, 'secret.md'), 'secret');
    await fs.symlink(path.join(outside, 'secret.md'), path.join(vault, 'leak.md'));
    await fs.symlink(outside, path.join(vault, 'Outside folder'));
    await fs.symlink(path.join(outside, 'not-yet.md'), path.join(vault, 'dangling.md'));
    await fs.symlink(path.join(vault, 'Notes/Alpha.md'), path.join(vault, 'inner.md'));
    host = await NodeVaultHost.open(vault);
  });

  afterAll(async () => {
    await host.close();
    await removeTempVault(vault);
  });

  it('does not list symlinks that leave the vault, but lists one that stays inside', () => {
    expect(host.listFiles().map((file) => file.path).sort()).toEqual(['Notes/Alpha.md', 'inner.md']);
    expect(host.listFolders()).toEqual(['Notes']);
  });

  it('refuses to read through a symlink that leaves the vault', async () => {
    await expect(host.read('leak.md')).rejects.toMatchObject({ code: 'path_forbidden' });
    await expect(host.read('Outside folder/secret.md')).rejects.toMatchObject({ code: 'path_forbidden' });
    await expect(host.read('inner.md')).resolves.toBe('# Alpha\n');
  });

  it('refuses to write through a symlink that leaves the vault, and the outside file is untouched', async () => {
    await expect(host.process('leak.md', () => 'overwritten')).rejects.toMatchObject({ code: 'path_forbidden' });
    await expect(host.create('Outside folder/new.md', 'x')).rejects.toMatchObject({ code: 'path_forbidden' });
    await expect(host.create('Outside folder/deeper/new.md', 'x')).rejects.toMatchObject({ code: 'path_forbidden' });
    await expect(host.create('dangling.md', 'x')).rejects.toMatchObject({ code: 'path_forbidden' });
    await expect(host.rename('Notes/Alpha.md', 'Outside folder/Alpha.md')).rejects.toMatchObject({
      code: 'path_forbidden',
    });
    await expect(host.trash('leak.md')).rejects.toMatchObject({ code: 'path_forbidden' });
    expect(await fs.readFile(path.join(outside, 'secret.md'), 'utf8')).toBe('secret');
    expect(await fs.readdir(outside)).toEqual(['secret.md']);
  });
});
