import type { Storage } from '../../vault/storage';
import { roundCost } from './ai-usage';
import type { DailySpend, SpendLedger } from './spend-ledger';

/** The ledger's entry in the state folder. */
const LEDGER_NAME = 'ai-spend.json';

/** Days kept in the file, today included. */
const KEPT_DAYS = 31;

const DAY_MS = 24 * 60 * 60 * 1000;

type DayTotals = Omit<DailySpend, 'day'>;

interface LedgerFile {
  days: Record<string, DayTotals>;
}

/**
 * The spend ledger kept as `ai-spend.json` in the state folder: per UTC day (by the injected
 * clock) the spend, the model calls and the cache hits, for the last 31 days. Every change
 * re-reads the file, so engines sharing a vault (the app and a headless server) add up, and a
 * restart keeps the day's totals; changes of one instance are serialised by a promise queue. A
 * missing or unreadable file counts as no spend.
 */
export class StorageSpendLedger implements SpendLedger {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly storage: Storage,
    private readonly clock: () => number,
  ) {}

  async today(): Promise<DailySpend> {
    await this.queue;
    const day = dayOf(this.clock());
    const totals = (await this.load()).days[day];
    return { day, spend_usd: totals?.spend_usd ?? 0, calls: totals?.calls ?? 0, cache_hits: totals?.cache_hits ?? 0 };
  }

  add(costUsd: number, cacheHit: boolean): Promise<void> {
    const run = this.queue.then(() => this.record(costUsd, cacheHit));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async record(costUsd: number, cacheHit: boolean): Promise<void> {
    const now = this.clock();
    const file = await this.load();
    const day = dayOf(now);
    const totals = file.days[day] ?? { spend_usd: 0, calls: 0, cache_hits: 0 };
    file.days[day] = {
      spend_usd: roundCost(totals.spend_usd + (Number.isFinite(costUsd) && costUsd > 0 ? costUsd : 0)),
      calls: totals.calls + (cacheHit ? 0 : 1),
      cache_hits: totals.cache_hits + (cacheHit ? 1 : 0),
    };
    await this.storage.write(LEDGER_NAME, `${JSON.stringify(keepRecent(file, now), null, 2)}\n`);
  }

  private async load(): Promise<LedgerFile> {
    const bytes = await this.storage.read(LEDGER_NAME);
    return bytes === null ? { days: {} } : parseLedger(new TextDecoder().decode(bytes));
  }
}

/** The UTC day of an instant, YYYY-MM-DD. */
function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

function keepRecent(file: LedgerFile, now: number): LedgerFile {
  const oldest = dayOf(now - (KEPT_DAYS - 1) * DAY_MS);
  return { days: Object.fromEntries(Object.entries(file.days).filter(([day]) => day >= oldest).sort(([left], [right]) => (left < right ? -1 : 1))) };
}

function parseLedger(text: string): LedgerFile {
  try {
    const parsed = JSON.parse(text) as { days?: unknown };
    const days = typeof parsed.days === 'object' && parsed.days !== null ? (parsed.days as Record<string, unknown>) : {};
    return { days: Object.fromEntries(Object.entries(days).flatMap(([day, totals]) => (isDay(day) && isTotals(totals) ? [[day, totals]] : []))) };
  } catch {
    // A torn or hand-edited file must not stop AI calls: it counts as no spend and is rewritten.
    return { days: {} };
  }
}

function isDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day);
}

function isTotals(value: unknown): value is DayTotals {
  if (typeof value !== 'object' || value === null) return false;
  const totals = value as Record<string, unknown>;
  return [totals.spend_usd, totals.calls, totals.cache_hits].every((number) => typeof number === 'number' && Number.isFinite(number) && number >= 0);
}
