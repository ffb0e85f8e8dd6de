import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { isTemporaryFileName, writeFileAtomic } from '../../../src/hosts/node/atomic-write';
import { makeTempVault, removeTempVault } from '../../helpers/temp-vault';

describe('writeFileAtomic', () => {
  let folder: string;

  beforeEach(async () => {
    folder = await makeTempVault({ 'note.md': 'old' });
  });

  afterEach(async () => {
    await removeTempVault(folder);
  });

  it('replaces the file and returns the stats of the bytes written', async () => {
    const stats = await writeFileAtomic(path.join(folder, 'note.md'), 'new text');
    expect(await fs.readFile(path.join(folder, 'note.md'), 'utf8')).toBe('new text');
    expect(stats.size).toBe(8);
    expect(stats.mtimeMs).toBe((await fs.stat(path.join(folder, 'note.md'))).mtimeMs);
    expect(await fs.readdir(folder)).toEqual(['note.md']);
  });

  it('never lets a reader see a partial file while large writes race', async () => {
    const big = (letter: string) => letter.repeat(2_000_000);
    const target = path.join(folder, 'note.md');
    await fs.writeFile(target, big('a'));
    const writes = ['b', 'c', 'd', 'e'].map((letter) => writeFileAtomic(target, big(letter)));
    const reads = Array.from({ length: 20 }, () => fs.readFile(target, 'utf8'));
    for (const text of await Promise.all(reads)) expect(text).toMatch(/^(a+|b+|c+|d+|e+)$/);
    await Promise.all(writes);
    expect(await fs.readdir(folder)).toEqual(['note.md']);
  });

  it('refuses to replace an existing file when exclusive, leaving no temporary file', async () => {
    await expect(writeFileAtomic(path.join(folder, 'note.md'), 'x', { exclusive: true })).rejects.toMatchObject({
      code: 'EEXIST',
    });
    expect(await fs.readFile(path.join(folder, 'note.md'), 'utf8')).toBe('old');
    expect(await fs.readdir(folder)).toEqual(['note.md']);
    await writeFileAtomic(path.join(folder, 'fresh.md'), 'y', { exclusive: true });
    expect(await fs.readFile(path.join(folder, 'fresh.md'), 'utf8')).toBe('y');
  });

  it('cleans up the temporary file when the target cannot be replaced', async () => {
    await fs.mkdir(path.join(folder, 'folder.md'));
    await fs.writeFile(path.join(folder, 'folder.md', 'inside'), '');
    await expect(writeFileAtomic(path.join(folder, 'folder.md'), 'x')).rejects.toBeDefined();
    expect((await fs.readdir(folder)).sort()).toEqual(['folder.md', 'note.md']);
  });

  it('names temporary files so the walker and watcher skip them', async () => {
    expect(isTemporaryFileName('.note.md.0a1b2c.indx-tmp')).toBe(true);
    expect(isTemporaryFileName('note.md')).toBe(false);
  });
});
