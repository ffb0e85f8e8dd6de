/** Spend and calls of one UTC day. */
export interface DailySpend {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  spend_usd: number;
  calls: number;
  cache_hits: number;
}

/**
 * What the AI runtime spent per UTC day, kept in the state folder so a restart does not reset
 * the daily ceiling (seed 002 §8.3).
 */
export interface SpendLedger {
  /** Today's totals (zero when nothing was spent today). */
  today(): Promise<DailySpend>;
  /** Adds one call's cost (and whether it was served from the cache) to today's totals. */
  add(costUsd: number, cacheHit: boolean): Promise<void>;
}
