import type { Storage } from '../../vault/storage';
import type { AiCache, AiCacheStats } from './ai-cache';
import { sha256Hex } from '../../sha256-hex';

/** The cache's folder in the state storage. */
const CACHE_FOLDER = 'ai-cache';

/** Default bound of the cache's total size: past it, the oldest entries go. */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/** The window of the hit and miss counters. */
const WINDOW_MS = 24 * 60 * 60 * 1000;

/** Lookups remembered per counter; older ones fall out first (bounds memory under heavy use). */
const RECENT_CAPACITY = 100_000;

/** How the cache may be tuned (tests shrink the bound). */
export interface StorageAiCacheOptions {
  /** Bound of the stored entries' total size in bytes (default 64 MiB). */
  maxBytes?: number;
}

/** What one stored entry holds. */
interface StoredEntry {
  expires_at: number;
  stored_at: number;
  value: unknown;
}

/** What the in-memory index knows of an entry. */
interface IndexEntry {
  size: number;
  storedAt: number;
}

/**
 * The AI cache kept in the state storage (seed 002 §8.1): one JSON file per key under
 * `ai-cache/<2 hex>/<62 hex>.json`, named by the SHA-256 of the key (any key maps to a safe,
 * fixed-length name), holding `{ expires_at, stored_at, value }`. An expired entry is a miss and
 * is removed; an unreadable one is a miss too. Lookups of result keys count as hits or misses
 * over the last 24 hours, and a replayed idempotency key as a hit. The entry count and total size
 * come from an index built on first need (listing the folder and reading each entry's size once)
 * and kept up to date by `set`, which also removes the oldest entries while the total exceeds
 * the bound.
 */
export class StorageAiCache implements AiCache {
  private readonly hits = new RecentTimes(RECENT_CAPACITY);
  private readonly misses = new RecentTimes(RECENT_CAPACITY);
  private index: Promise<Map<string, IndexEntry>> | null = null;
  private readonly maxBytes: number;

  constructor(
    private readonly storage: Storage,
    private readonly clock: () => number,
    options: StorageAiCacheOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  }

  async get(key: string): Promise<unknown> {
    const name = await entryNameOf(key);
    const now = this.clock();
    const entry = await this.read(name);
    if (entry === null || entry === undefined || entry.expires_at <= now) {
      if (entry !== null) await this.remove(name);
      this.count(key, false, now);
      return undefined;
    }
    this.count(key, true, now);
    return entry.value;
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    if (!(ttlMs > 0)) return;
    const name = await entryNameOf(key);
    const now = this.clock();
    const bytes = new TextEncoder().encode(JSON.stringify({ expires_at: now + ttlMs, stored_at: now, value } satisfies StoredEntry));
    await this.storage.write(name, bytes);
    const index = await this.loadIndex();
    index.set(name, { size: bytes.length, storedAt: now });
    await this.evict(index);
  }

  async stats(): Promise<AiCacheStats> {
    const index = await this.loadIndex();
    const now = this.clock();
    let size = 0;
    for (const entry of index.values()) size += entry.size;
    return { entries: index.size, size_bytes: size, hits_24h: this.hits.countSince(now - WINDOW_MS), misses_24h: this.misses.countSince(now - WINDOW_MS) };
  }

  /** The stored entry; null when there is none, undefined when it cannot be read. */
  private async read(name: string): Promise<StoredEntry | null | undefined> {
    const bytes = await this.storage.read(name);
    if (bytes === null) return null;
    return parseEntry(new TextDecoder().decode(bytes));
  }

  private count(key: string, hit: boolean, now: number): void {
    if (key.startsWith('result/')) (hit ? this.hits : this.misses).add(now);
    else if (hit) this.hits.add(now);
  }

  private async remove(name: string): Promise<void> {
    await this.storage.remove(name);
    if (this.index !== null) (await this.index).delete(name);
  }

  private loadIndex(): Promise<Map<string, IndexEntry>> {
    this.index ??= this.buildIndex();
    return this.index;
  }

  private async buildIndex(): Promise<Map<string, IndexEntry>> {
    const index = new Map<string, IndexEntry>();
    for (const name of await this.storage.list(CACHE_FOLDER)) {
      const bytes = await this.storage.read(name);
      if (bytes === null || index.has(name)) continue;
      index.set(name, { size: bytes.length, storedAt: parseEntry(new TextDecoder().decode(bytes))?.stored_at ?? 0 });
    }
    return index;
  }

  private async evict(index: Map<string, IndexEntry>): Promise<void> {
    let total = 0;
    for (const entry of index.values()) total += entry.size;
    if (total <= this.maxBytes) return;
    const oldestFirst = [...index.entries()].sort(([, left], [, right]) => left.storedAt - right.storedAt);
    for (const [name, entry] of oldestFirst) {
      if (total <= this.maxBytes) break;
      await this.storage.remove(name);
      index.delete(name);
      total -= entry.size;
    }
  }
}

async function entryNameOf(key: string): Promise<string> {
  const hash = await sha256Hex(key);
  return `${CACHE_FOLDER}/${hash.slice(0, 2)}/${hash.slice(2)}.json`;
}

function parseEntry(text: string): StoredEntry | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<StoredEntry> | null;
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    if (typeof parsed.expires_at !== 'number' || typeof parsed.stored_at !== 'number' || !('value' in parsed)) return undefined;
    return { expires_at: parsed.expires_at, stored_at: parsed.stored_at, value: parsed.value };
  } catch {
    // A torn write or a hand-edited file: treated as absent, never as an error of the AI call.
    return undefined;
  }
}

/**
 * Timestamps of recent events in a fixed-size ring: the oldest fall out when it is full. The ring
 * is allocated at the first event, so an engine whose AI is never used pays nothing for it.
 */
class RecentTimes {
  private times: Float64Array | null = null;
  private start = 0;
  private length = 0;

  constructor(private readonly capacity: number) {}

  add(time: number): void {
    const { capacity } = this;
    this.times ??= new Float64Array(capacity);
    this.times[(this.start + this.length) % capacity] = time;
    if (this.length < capacity) this.length += 1;
    else this.start = (this.start + 1) % capacity;
  }

  /** Drops events at or before `since` and counts the rest. */
  countSince(since: number): number {
    while (this.times !== null && this.length > 0 && (this.times[this.start] ?? 0) <= since) {
      this.start = (this.start + 1) % this.capacity;
      this.length -= 1;
    }
    return this.length;
  }
}
