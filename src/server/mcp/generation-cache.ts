interface Entry<Value> {
  value: Value;
  storedAt: number;
}

/**
 * A bounded cache of values computed from the vault, forgotten all at once when the vault may
 * have changed. Entries live at most `ttlMs`; when full, the oldest entry makes room. A value
 * computed while a {@link clear} happened is not stored: `begin` hands out a generation ticket
 * that {@link store} checks, so the cache never serves data older than the latest clear.
 */
export class GenerationCache<Value> {
  private readonly entries = new Map<string, Entry<Value>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number,
    private readonly capacity: number,
  ) {}

  /** A stored value younger than the TTL, or undefined. */
  get(key: string): Value | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (this.clock() - entry.storedAt < this.ttlMs) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** The ticket to pass to {@link store} for a computation starting now. */
  begin(): number {
    return this.generation;
  }

  /** Stores a value unless the cache was cleared since `ticket` was taken. */
  store(key: string, value: Value, ticket: number): void {
    if (ticket !== this.generation) return;
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) this.evictOldest();
    this.entries.set(key, { value, storedAt: this.clock() });
  }

  /** Forgets every entry (the vault or its configuration changed). */
  clear(): void {
    this.entries.clear();
    this.generation += 1;
  }

  private evictOldest(): void {
    const oldest = this.entries.keys().next();
    if (oldest.done !== true) this.entries.delete(oldest.value);
  }
}
