import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { constantTimeEqual } from '../../../src/core/auth/constant-time-equal';
import { hashToken } from '../../../src/core/auth/hash-token';
import { TokenStore } from '../../../src/core/auth/token-store';
import type { Storage } from '../../../src/core/vault/storage';
import { FileStorage } from '../../../src/hosts/node/file-storage';
import { writeTempFolder } from '../../helpers/temp-vault';

describe('TokenStore', () => {
  let folder: string;
  let storage: FileStorage;
  const opened: TokenStore[] = [];

  /** Loads a store that afterEach flushes (verify records last_used in the background). */
  async function load(options: ConstructorParameters<typeof TokenStore>[1] = {}): Promise<TokenStore> {
    const store = await TokenStore.load(storage, options);
    opened.push(store);
    return store;
  }

  beforeEach(async () => {
    folder = await writeTempFolder({});
    storage = new FileStorage(folder);
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.flush()));
    await rm(folder, { recursive: true, force: true });
  });

  it('writes version 2 while a token is limited to tools (an indx without profiles refuses it rather than drop the limit), version 1 otherwise', async () => {
    const store = await load();
    const limited = await store.create('limited', 'vault:read', ['note_read']);
    expect(JSON.parse(await readFile(join(folder, 'tokens.json'), 'utf8'))).toMatchObject({ version: 2, tokens: [{ name: 'limited', tools: ['note_read'] }] });
    expect(await store.verify(limited.token)).toEqual({ name: 'limited', scopes: ['vault:read'], tools: ['note_read'] });
    await store.revoke('limited');
    expect(JSON.parse(await readFile(join(folder, 'tokens.json'), 'utf8'))).toEqual({ version: 1, tokens: [] });
  });

  it('creates indx_ + 43 base64url secrets and stores only their SHA-256', async () => {
    const store = await load({ clock: () => Date.UTC(2026, 10, 21) });
    const created = await store.create('agent', 'vault:write,vault:read');
    expect(created).toEqual({ name: 'agent', token: expect.stringMatching(/^indx_[A-Za-z0-9_-]{43}$/) as unknown, scopes: ['vault:read', 'vault:write'], created: '2026-11-21T00:00:00.000Z' });
    const file = await readFile(join(folder, 'tokens.json'), 'utf8');
    expect(file).not.toContain(created.token);
    expect(file).not.toContain(created.token.slice(5));
    expect(JSON.parse(file)).toEqual({ version: 1, tokens: [{ name: 'agent', hash: await hashToken(created.token), scopes: ['vault:read', 'vault:write'], created: '2026-11-21T00:00:00.000Z' }] });
    expect(await store.verify(created.token)).toEqual({ name: 'agent', scopes: ['vault:read', 'vault:write'] });
    expect(await store.verify(`${created.token.slice(0, -1)}${created.token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
  });

  it('refuses bad names, unknown scopes and duplicate names', async () => {
    const store = await load();
    await expect(store.create('../x', 'vault:read')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(store.create('ok', 'vault:root')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(store.create('ok', '')).rejects.toMatchObject({ code: 'invalid_input' });
    await store.create('ok', 'vault:read');
    await expect(store.create('ok', 'vault:read')).rejects.toMatchObject({ code: 'already_exists' });
    await expect(store.revoke('nobody')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('sees tokens created and revoked by another process (another store over the same file)', async () => {
    let now = 0;
    const server = await load({ clock: () => now, refreshMs: 1000 });
    const cli = new TokenStore(new FileStorage(folder));
    const created = await cli.create('late', 'vault:read');
    expect(await server.verify(created.token)).toEqual({ name: 'late', scopes: ['vault:read'] });
    await cli.revoke('late');
    now += 1001;
    expect(await server.verify(created.token)).toBeNull();
  });

  it('keeps every token when several are created at once', async () => {
    const store = await load();
    await Promise.all(['a', 'b', 'c', 'd'].map((name) => store.create(name, 'vault:read')));
    expect((await store.list()).map((token) => token.name)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('lists tokens with created and last_used, never their secret or hash', async () => {
    const store = await load({ clock: () => Date.UTC(2026, 10, 21, 12) });
    const created = await store.create('used', 'vault:read');
    await store.create('idle', 'vault:admin');
    await store.verify(created.token);
    await store.flush();
    expect(await store.list()).toEqual([
      { name: 'idle', scopes: ['vault:admin'], created: '2026-11-21T12:00:00.000Z', last_used: null },
      { name: 'used', scopes: ['vault:read'], created: '2026-11-21T12:00:00.000Z', last_used: '2026-11-21T12:00:00.000Z' },
    ]);
  });

  it('denies access rather than failing when the token file is corrupt, and refuses to overwrite it', async () => {
    const store = await load();
    const created = await store.create('one', 'vault:read');
    await writeFile(join(folder, 'tokens.json'), '{broken');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await store.verify('indx_' + 'x'.repeat(43))).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    await expect(store.create('two', 'vault:read')).rejects.toMatchObject({ code: 'internal_error' });
    expect(await readFile(join(folder, 'tokens.json'), 'utf8')).toBe('{broken');
    expect(created.token).toMatch(/^indx_/);
  });
});

/** A FileStorage that counts reads of each entry (a fake that records calls). */
class CountingStorage extends FileStorage implements Storage {
  readonly reads = new Map<string, number>();

  override read(name: string): Promise<Uint8Array | null> {
    this.reads.set(name, (this.reads.get(name) ?? 0) + 1);
    return super.read(name);
  }
}

describe('TokenStore: revocation and re-reads', () => {
  let folder: string;

  beforeEach(async () => {
    folder = await writeTempFolder({});
  });

  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('re-reads the token file at most once per refresh interval for unknown tokens', async () => {
    let now = 0;
    const storage = new CountingStorage(folder);
    const store = await TokenStore.load(storage, { clock: () => now, refreshMs: 1000 });
    const readsAfterLoad = storage.reads.get('tokens.json') ?? 0;
    const unknown = (index: number) => `indx_${String(index).padStart(43, 'x')}`;
    for (let index = 0; index < 50; index += 1) expect(await store.verify(unknown(index))).toBeNull();
    expect((storage.reads.get('tokens.json') ?? 0) - readsAfterLoad).toBe(1);
    now += 500;
    for (let index = 0; index < 50; index += 1) await store.verify(unknown(index));
    expect((storage.reads.get('tokens.json') ?? 0) - readsAfterLoad).toBe(1);
    now += 1001;
    for (let index = 0; index < 50; index += 1) await store.verify(unknown(index));
    expect((storage.reads.get('tokens.json') ?? 0) - readsAfterLoad).toBe(2);
  });

  it('isActive follows revocations by another process once the copy in memory is stale', async () => {
    let now = 0;
    const server = await TokenStore.load(new FileStorage(folder), { clock: () => now, refreshMs: 1000 });
    const cli = new TokenStore(new FileStorage(folder));
    await cli.create('agent', 'vault:read');
    now += 1001;
    expect(await server.isActive('agent')).toBe(true);
    expect(await server.isActive('nobody')).toBe(false);
    await cli.revoke('agent');
    expect(await server.isActive('agent')).toBe(true);
    now += 1001;
    expect(await server.isActive('agent')).toBe(false);
  });

  it('tells onRevoked listeners about in-process revokes, re-read revocations and replaced secrets', async () => {
    let now = 0;
    const server = await TokenStore.load(new FileStorage(folder), { clock: () => now, refreshMs: 1000 });
    const heard: string[][] = [];
    const stop = server.onRevoked((names) => heard.push([...names]));
    await server.create('one', 'vault:read');
    await server.create('two', 'vault:read');
    await server.revoke('one');
    expect(heard).toEqual([['one']]);
    const cli = new TokenStore(new FileStorage(folder));
    await cli.revoke('two');
    await cli.create('two', 'vault:admin');
    now += 1001;
    expect(await server.isActive('two')).toBe(true);
    expect(heard).toEqual([['one'], ['two']]);
    stop();
    await server.revoke('two');
    expect(heard).toEqual([['one'], ['two']]);
  });
});

describe('constantTimeEqual', () => {
  it('agrees with === on any pair of strings', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => constantTimeEqual(a, b) === (a === b) && constantTimeEqual(a, a)), { seed: 20261121, numRuns: 500 });
  });
});
