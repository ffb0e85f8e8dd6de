import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { NodeVaultHost } from '../../src/hosts/node/node-vault-host';
import { writeTempFolder } from '../helpers/temp-vault';
import { openSearchVault, pathsOf, type SearchVault } from './search-vault';

const FILES = {
  'Alpha.md': '---\ntags: [greek]\n---\n# Alpha\nThe first letter.\n## Uses\nMathematics and physics.\n',
  'Beta.md': 'Beta is the second letter; 中文测试.\n',
  'Notes/Gamma.md': '# Gamma\nRays and functions.\n',
};
const QUERIES = ['letter', 'mathematics', 'gamma rays', '中文', 'greek'];

/** Counts host reads, to tell a loaded index from a rebuilt one. */
function countReads(host: NodeVaultHost): () => number {
  let reads = 0;
  const read = host.read.bind(host);
  host.read = (path: string) => {
    reads += 1;
    return read(path);
  };
  return () => reads;
}

async function answers(vault: SearchVault): Promise<unknown[]> {
  return Promise.all(QUERIES.map(async (q) => (await vault.search({ q })).results));
}

describe('saving the index', () => {
  // Once the manifest is written the new generation is live. A failed clean-up of the old one (a
  // file held open by a sync client) used to fail the save, so the next save reused the live
  // generation's number and overwrote its shards in place.
  it('counts a save as done when only removing the previous generation fails', async () => {
    const root = await writeTempFolder(FILES);
    const vault = await openSearchVault(root);
    await vault.engine.search?.whenReady();
    await vault.engine.search?.flush();
    const remove = vault.storage.remove.bind(vault.storage);
    vault.storage.remove = () => Promise.reject(new Error('EBUSY: the file is in use'));
    await vault.engine.call('note_write', { path: 'Epsilon.md', body: 'New.\n' });
    await vault.engine.search?.flush();
    await vault.engine.call('note_write', { path: 'Zeta.md', body: 'Newer.\n' });
    await vault.engine.search?.flush();
    vault.storage.remove = remove;
    const manifest = JSON.parse(await fs.readFile(join(root, '.indx', 'search', 'manifest.json'), 'utf8')) as { generation: number };
    expect(manifest.generation).toBe(3);
    expect(vault.engine.search?.status().last_problem ?? null).toBeNull();
    await vault.close();
    const reopened = await openSearchVault(root);
    await reopened.engine.search?.whenReady();
    expect(pathsOf(await reopened.search({ q: 'newer' }))).toEqual(['Zeta.md']);
    await reopened.dispose();
  });
});

describe('the persisted index', () => {
  let root: string;
  let expected: unknown[];

  beforeEach(async () => {
    root = await writeTempFolder(FILES);
    const vault = await openSearchVault(root);
    await vault.engine.search?.whenReady();
    expected = await answers(vault);
    await vault.close();
  });

  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  async function reopen(): Promise<{ vault: SearchVault; reads: () => number }> {
    const vault = await openSearchVault(root);
    const reads = countReads(vault.host);
    await vault.engine.search?.whenReady();
    return { vault, reads };
  }

  async function shardNames(): Promise<string[]> {
    return (await fs.readdir(join(root, '.indx', 'search'))).sort();
  }

  it('is saved as binary shards with a small manifest, one generation at a time', async () => {
    expect(await shardNames()).toEqual(['1-chunks.bin', '1-notes.bin', '1-pool-0.bin', '1-postings.bin', '1-terms.bin', 'manifest.json']);
    const manifest = JSON.parse(await fs.readFile(join(root, '.indx', 'search', 'manifest.json'), 'utf8')) as { generation: number; notes: number; shards: Record<string, { bytes: number; checksum: string }> };
    expect(manifest).toMatchObject({ format: 'indx-search', generation: 1, notes: 3 });
    expect(manifest.shards.postings?.checksum).toMatch(/^[0-9a-f]{16}$/);
    expect(Object.keys(manifest.shards)).toEqual(['terms', 'postings', 'pool-0', 'chunks', 'notes']);
  });

  it('leaves other files under search/ alone (the vector store keeps its own there)', async () => {
    const foreign = join(root, '.indx', 'search', 'vectors', 'manifest.json');
    await fs.mkdir(join(root, '.indx', 'search', 'vectors'), { recursive: true });
    await fs.writeFile(foreign, '{}');
    await flipByte(join(root, '.indx', 'search', '1-terms.bin'));
    const { vault } = await reopen();
    await vault.engine.call('note_write', { path: 'Epsilon.md', body: 'New.\n' });
    await vault.close();
    expect(await fs.readFile(foreign, 'utf8')).toBe('{}');
    expect(await shardNames()).toEqual(['1-chunks.bin', '1-notes.bin', '1-pool-0.bin', '1-postings.bin', '1-terms.bin', 'manifest.json', 'vectors']);
  });

  it('loads on restart without re-reading unchanged notes, answering exactly as before', async () => {
    const { vault, reads } = await reopen();
    expect(reads()).toBe(0);
    expect(await answers(vault)).toEqual(expected);
    expect((await vault.engine.call('vault_status', {})).output).toMatchObject({ index: { state: 'ready', notes: 3, size_on_disk: expect.any(Number) as number } });
    await vault.close();
  });

  it('re-indexes only the notes changed, added or deleted while it was closed', async () => {
    await fs.writeFile(join(root, 'Beta.md'), 'Beta now talks about submarines.\n');
    await fs.writeFile(join(root, 'Delta.md'), 'Delta of a river.\n');
    await fs.rm(join(root, 'Notes', 'Gamma.md'));
    const { vault, reads } = await reopen();
    expect(reads()).toBe(2);
    expect(pathsOf(await vault.search({ q: 'submarines' }))).toEqual(['Beta.md']);
    expect(pathsOf(await vault.search({ q: 'river' }))).toEqual(['Delta.md']);
    expect(pathsOf(await vault.search({ q: 'gamma' }))).toEqual([]);
    await vault.close();
    expect(await shardNames()).toEqual(['2-chunks.bin', '2-notes.bin', '2-pool-0.bin', '2-postings.bin', '2-terms.bin', 'manifest.json']);
  });

  it.each([
    ['a flipped byte in the posting bytes', async (folder: string) => flipByte(join(folder, '1-pool-0.bin'))],
    ['a flipped byte in the posting chains', async (folder: string) => flipByte(join(folder, '1-postings.bin'))],
    ['a truncated note shard', async (folder: string) => truncate(join(folder, '1-notes.bin'))],
    ['a missing term shard', async (folder: string) => fs.rm(join(folder, '1-terms.bin'))],
    ['a manifest of another version', async (folder: string) => rewriteManifest(folder, (manifest) => ({ ...manifest, version: 999 }))],
    ['a manifest that is not JSON', async (folder: string) => fs.writeFile(join(folder, 'manifest.json'), '{oops')],
    ['a shard of another format version', async (folder: string) => overwrite(join(folder, '1-chunks.bin'), 4, 7)],
    // A valid shard that is not the one the manifest names (left over from another save of the same generation).
    ['a manifest naming another checksum for a shard', async (folder: string) => rewriteManifest(folder, (manifest) => ({ ...manifest, shards: { ...(manifest.shards as object), terms: { ...(manifest.shards as Record<string, object>).terms, checksum: '0123456789abcdef' } } }))],
  ])('is rebuilt, not trusted, after %s', async (_case, damage) => {
    await damage(join(root, '.indx', 'search'));
    const { vault, reads } = await reopen();
    expect(reads()).toBe(3);
    expect(await answers(vault)).toEqual(expected);
    expect(vault.engine.search?.status().last_problem).toMatch(/discarded/);
    await vault.close();
    expect(await shardNames()).toEqual(['1-chunks.bin', '1-notes.bin', '1-pool-0.bin', '1-postings.bin', '1-terms.bin', 'manifest.json']);
  });
});

async function flipByte(path: string): Promise<void> {
  const bytes = await fs.readFile(path);
  bytes[bytes.length - 3] = (bytes[bytes.length - 3] ?? 0) ^ 0xff;
  await fs.writeFile(path, bytes);
}

async function truncate(path: string): Promise<void> {
  const bytes = await fs.readFile(path);
  await fs.writeFile(path, bytes.subarray(0, bytes.length - 8));
}

async function overwrite(path: string, at: number, value: number): Promise<void> {
  const bytes = await fs.readFile(path);
  bytes[at] = value;
  await fs.writeFile(path, bytes);
}

async function rewriteManifest(folder: string, change: (manifest: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
  const path = join(folder, 'manifest.json');
  await fs.writeFile(path, JSON.stringify(change(JSON.parse(await fs.readFile(path, 'utf8')) as Record<string, unknown>)));
}
