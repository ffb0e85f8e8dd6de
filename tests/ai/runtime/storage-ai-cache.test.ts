import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StorageAiCache } from '../../../src/core/ai/runtime/storage-ai-cache';
import { FileStorage } from '../../../src/hosts/node/file-storage';

const HOUR = 60 * 60 * 1000;
const KEY = `result/${'ab'.repeat(32)}`;

describe('StorageAiCache', () => {
  let root: string;
  let storage: FileStorage;
  let now: number;
  const clock = (): number => now;

  beforeEach(async () => {
    root = await fs.mkdtemp(join(tmpdir(), 'indx-ai-state-'));
    storage = new FileStorage(root);
    now = Date.UTC(2026, 4, 3, 12);
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  async function cacheFiles(): Promise<string[]> {
    return storage.list('ai-cache');
  }

  it('stores a value as { expires_at, stored_at, value } under ai-cache/<2 hex>/<rest>.json and serves it back', async () => {
    const cache = new StorageAiCache(storage, clock);
    await cache.set(KEY, { answer: 'forty-two', list: [1, 2] }, HOUR);
    const [name] = await cacheFiles();
    expect(name).toMatch(/^ai-cache\/[0-9a-f]{2}\/[0-9a-f]{62}\.json$/);
    const stored: unknown = JSON.parse(await fs.readFile(join(root, name as string), 'utf8'));
    expect(stored).toEqual({ expires_at: now + HOUR, stored_at: now, value: { answer: 'forty-two', list: [1, 2] } });
    expect(await cache.get(KEY)).toEqual({ answer: 'forty-two', list: [1, 2] });
  });

  it('keeps result and idempotency keys with the same hex apart', async () => {
    const cache = new StorageAiCache(storage, clock);
    await cache.set(`result/${'cd'.repeat(32)}`, 'result value', HOUR);
    await cache.set(`idempotency/${'cd'.repeat(32)}`, 'replay value', HOUR);
    expect(await cache.get(`result/${'cd'.repeat(32)}`)).toBe('result value');
    expect(await cache.get(`idempotency/${'cd'.repeat(32)}`)).toBe('replay value');
    expect(await cacheFiles()).toHaveLength(2);
  });

  it('misses and removes an entry once its TTL has passed', async () => {
    const cache = new StorageAiCache(storage, clock);
    await cache.set(KEY, 'fresh', HOUR);
    now += HOUR - 1;
    expect(await cache.get(KEY)).toBe('fresh');
    now += 1;
    expect(await cache.get(KEY)).toBeUndefined();
    expect(await cacheFiles()).toEqual([]);
    expect((await cache.stats()).entries).toBe(0);
  });

  it('treats an unreadable entry as a miss', async () => {
    const cache = new StorageAiCache(storage, clock);
    await cache.set(KEY, 'value', HOUR);
    const [name] = await cacheFiles();
    await fs.writeFile(join(root, name as string), '{"expires_at": 17, "stor');
    expect(await cache.get(KEY)).toBeUndefined();
    await fs.writeFile(join(root, name as string), JSON.stringify({ value: 'no expiry' }));
    expect(await cache.get(KEY)).toBeUndefined();
  });

  it('does not store a value with a TTL of zero', async () => {
    const cache = new StorageAiCache(storage, clock);
    await cache.set(KEY, 'value', 0);
    expect(await cacheFiles()).toEqual([]);
    expect(await cache.get(KEY)).toBeUndefined();
  });

  it('counts result hits and misses of the last 24 hours', async () => {
    const cache = new StorageAiCache(storage, clock);
    await cache.get(KEY);
    await cache.set(KEY, 'value', 48 * HOUR);
    await cache.get(KEY);
    await cache.get(KEY);
    await cache.get(`idempotency/${'ef'.repeat(32)}`);
    expect(await cache.stats()).toMatchObject({ hits_24h: 2, misses_24h: 1 });
    now += 12 * HOUR;
    await cache.get(KEY);
    expect(await cache.stats()).toMatchObject({ hits_24h: 3, misses_24h: 1 });
    now += 12 * HOUR;
    expect(await cache.stats()).toMatchObject({ hits_24h: 1, misses_24h: 0 });
  });

  it('reports entries and their size in bytes, also for entries written by an earlier instance', async () => {
    const first = new StorageAiCache(storage, clock);
    await first.set(KEY, 'one', HOUR);
    await first.set(`result/${'01'.repeat(32)}`, { text: 'zwei — two' }, HOUR);
    const bytes = await Promise.all((await cacheFiles()).map(async (name) => (await fs.readFile(join(root, name))).length));
    const expected = { entries: 2, size_bytes: bytes[0]! + bytes[1]! };
    expect(await first.stats()).toMatchObject(expected);
    expect(await new StorageAiCache(storage, clock).stats()).toMatchObject(expected);
  });

  it('removes the oldest entries while the total size exceeds the bound', async () => {
    const cache = new StorageAiCache(storage, clock, { maxBytes: 400 });
    const keys = ['11', '22', '33', '44'].map((hex) => `result/${hex.repeat(32)}`);
    for (const key of keys) {
      await cache.set(key, 'x'.repeat(100), HOUR);
      now += 1000;
    }
    const stats = await cache.stats();
    expect(stats.size_bytes).toBeLessThanOrEqual(400);
    expect(await cache.get(keys[0]!)).toBeUndefined();
    expect(await cache.get(keys[3]!)).toBe('x'.repeat(100));
    expect((await cacheFiles()).length).toBe(stats.entries);
  });
});
