import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StorageSpendLedger } from '../../../src/core/ai/runtime/storage-spend-ledger';
import { FileStorage } from '../../../src/hosts/node/file-storage';

const DAY = 24 * 60 * 60 * 1000;

describe('StorageSpendLedger', () => {
  let root: string;
  let storage: FileStorage;
  let now: number;
  const clock = (): number => now;

  beforeEach(async () => {
    root = await fs.mkdtemp(join(tmpdir(), 'indx-ai-state-'));
    storage = new FileStorage(root);
    now = Date.UTC(2026, 4, 3, 23, 59);
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  async function ledgerFile(): Promise<{ days: Record<string, unknown> }> {
    return JSON.parse(await fs.readFile(join(root, 'ai-spend.json'), 'utf8')) as { days: Record<string, unknown> };
  }

  it('reports zero for a day without spend', async () => {
    expect(await new StorageSpendLedger(storage, clock).today()).toEqual({ day: '2026-05-03', spend_usd: 0, calls: 0, cache_hits: 0 });
  });

  it('adds model calls and cache hits to the UTC day of the clock', async () => {
    const ledger = new StorageSpendLedger(storage, clock);
    await ledger.add(0.0012, false);
    await ledger.add(0.0003, false);
    await ledger.add(0, true);
    expect(await ledger.today()).toEqual({ day: '2026-05-03', spend_usd: 0.0015, calls: 2, cache_hits: 1 });
    expect(await ledgerFile()).toEqual({ days: { '2026-05-03': { spend_usd: 0.0015, calls: 2, cache_hits: 1 } } });
  });

  it('starts a new day at UTC midnight and keeps the previous one in the file', async () => {
    const ledger = new StorageSpendLedger(storage, clock);
    await ledger.add(0.5, false);
    now += 2 * 60 * 1000;
    expect(await ledger.today()).toEqual({ day: '2026-05-04', spend_usd: 0, calls: 0, cache_hits: 0 });
    await ledger.add(0.25, false);
    expect((await ledgerFile()).days).toEqual({ '2026-05-03': { spend_usd: 0.5, calls: 1, cache_hits: 0 }, '2026-05-04': { spend_usd: 0.25, calls: 1, cache_hits: 0 } });
  });

  it('keeps the day totals across a restart: a new instance reads the file', async () => {
    await new StorageSpendLedger(storage, clock).add(1.25, false);
    const restarted = new StorageSpendLedger(new FileStorage(root), clock);
    expect(await restarted.today()).toMatchObject({ spend_usd: 1.25, calls: 1 });
    await restarted.add(0.75, false);
    expect(await restarted.today()).toMatchObject({ spend_usd: 2, calls: 2 });
  });

  it('serialises concurrent adds so none is lost', async () => {
    const ledger = new StorageSpendLedger(storage, clock);
    await Promise.all(Array.from({ length: 40 }, (_, index) => ledger.add(0.01, index % 4 === 0)));
    expect(await ledger.today()).toEqual({ day: '2026-05-03', spend_usd: 0.4, calls: 30, cache_hits: 10 });
  });

  it('keeps only the last 31 days', async () => {
    const ledger = new StorageSpendLedger(storage, clock);
    for (let day = 0; day < 40; day += 1) {
      await ledger.add(0.01, false);
      now += DAY;
    }
    const days = Object.keys((await ledgerFile()).days);
    expect(days).toHaveLength(31);
    expect(days[0]).toBe('2026-05-12');
    expect(days[30]).toBe('2026-06-11');
  });

  it('counts an unreadable file as no spend and rewrites it on the next add', async () => {
    await fs.writeFile(join(root, 'ai-spend.json'), '{"days": {"2026-05-03": {"spend_usd": 9');
    const ledger = new StorageSpendLedger(storage, clock);
    expect(await ledger.today()).toMatchObject({ spend_usd: 0 });
    await ledger.add(0.1, false);
    expect(await ledger.today()).toMatchObject({ spend_usd: 0.1, calls: 1 });
  });
});
