/** Counters of the AI cache for ai_status. */
export interface AiCacheStats {
  entries: number;
  size_bytes: number;
  /** Hits during the last 24 hours. */
  hits_24h: number;
  misses_24h: number;
}

/**
 * Results of AI calls kept in the vault's state folder (seed 002 §8), keyed by a hash of
 * everything that decides the output. Entries expire after their TTL; reads of an expired or
 * unreadable entry are misses.
 */
export interface AiCache {
  /** The stored value, or undefined (a miss); counts the hit or miss. */
  get(key: string): Promise<unknown>;
  /** Stores a JSON-safe value for `ttlMs`. */
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  stats(): Promise<AiCacheStats>;
}
