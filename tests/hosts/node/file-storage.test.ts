import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { FileStorage, locateStateDir } from '../../../src/hosts/node/file-storage';
import { listAllNames, makeTempVault, removeTempVault } from '../../helpers/temp-vault';
import { DEFAULT_CONFIG_DIR } from '../../../src/hosts/node/vault-paths';

describe('FileStorage', () => {
  let vault: string;
  let storage: FileStorage;

  beforeEach(async () => {
    vault = await makeTempVault({});
    storage = new FileStorage(path.join(vault, '.indx'));
  });

  afterEach(async () => {
    await removeTempVault(vault);
  });

  it('reads null for missing entries and round-trips bytes and text, creating folders', async () => {
    expect(await storage.read('index/shard-1.bin')).toBeNull();
    await storage.write('index/shard-1.bin', new Uint8Array([0, 1, 255]));
    await storage.write('tokens.json', '{"a":1}');
    expect(Array.from((await storage.read('index/shard-1.bin')) ?? [])).toEqual([0, 1, 255]);
    expect(Buffer.from((await storage.read('tokens.json')) ?? []).toString('utf8')).toBe('{"a":1}');
    expect(storage.location).toBe(path.join(vault, '.indx'));
  });

  it('replaces an entry atomically without leaving temporary files', async () => {
    await storage.write('state.json', 'old');
    await Promise.all(Array.from({ length: 20 }, (_, index) => storage.write('state.json', `new ${index}`)));
    expect(Buffer.from((await storage.read('state.json')) ?? []).toString()).toMatch(/^new \d+$/);
    expect(await listAllNames(storage.location)).toEqual(['state.json']);
  });

  it('appends lines and refuses a line with a line break', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, index) => storage.appendLine('audit/log.jsonl', `{"n":${index}}`)));
    const lines = Buffer.from((await storage.read('audit/log.jsonl')) ?? []).toString().split('\n');
    expect(lines).toHaveLength(21);
    expect(new Set(lines.slice(0, 20)).size).toBe(20);
    await expect(storage.appendLine('audit/log.jsonl', 'a\nb')).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('lists entries under a prefix and removes them, missing ones without error', async () => {
    await storage.write('index/a.bin', 'a');
    await storage.write('index/deep/b.bin', 'b');
    await storage.write('other.json', 'c');
    expect(await storage.list('index')).toEqual(['index/a.bin', 'index/deep/b.bin']);
    expect(await storage.list('index/')).toEqual(['index/a.bin', 'index/deep/b.bin']);
    expect(await storage.list('')).toEqual(['index/a.bin', 'index/deep/b.bin', 'other.json']);
    expect(await storage.list('nothing')).toEqual([]);
    await storage.remove('index/a.bin');
    await storage.remove('index/a.bin');
    expect(await storage.list('index')).toEqual(['index/deep/b.bin']);
  });

  it.each(['../escape', 'a/../../b', '/etc/passwd', 'a\\b', 'C:/x', '', 'a//b', './a'])(
    'refuses the name %p, which could leave the folder',
    async (name) => {
      await expect(storage.write(name, 'x')).rejects.toMatchObject({ code: 'invalid_path' });
      await expect(storage.read(name)).rejects.toMatchObject({ code: 'invalid_path' });
    },
  );
});

describe('locateStateDir', () => {
  let vault: string;

  beforeEach(async () => {
    vault = await makeTempVault({ 'Home.md': '' });
  });

  afterEach(async () => {
    await removeTempVault(vault);
  });

  it('uses <vault>/.indx/ when the plugin is not installed', () => {
    expect(locateStateDir(vault)).toBe(path.join(vault, '.indx'));
  });

  it("uses the plugin's state folder when the plugin folder exists, honouring the config folder", async () => {
    await fs.mkdir(path.join(vault, `${DEFAULT_CONFIG_DIR}/plugins/indx`), { recursive: true });
    await fs.mkdir(path.join(vault, '.config-alt/plugins/indx'), { recursive: true });
    expect(locateStateDir(vault)).toBe(path.join(vault, `${DEFAULT_CONFIG_DIR}/plugins/indx/state`));
    expect(locateStateDir(vault, '.config-alt')).toBe(path.join(vault, '.config-alt/plugins/indx/state'));
    expect(locateStateDir(vault, '.elsewhere')).toBe(path.join(vault, '.indx'));
  });
});
