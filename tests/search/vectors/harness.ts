import { createVectorSearch, type VectorSearchOptions } from '../../../src/core/search/vectors/create-vector-search';
import type { ManagedVectorSearch } from '../../../src/core/search/vectors/managed-vector-search';
import type { LoopbackEmbeddingsServer } from './loopback-embeddings-server';
import { MemoryStorage } from './memory-storage';

/** A vector search wired to a loopback server, with a recording sleep and a hand-moved clock. */
export interface Harness {
  search: ManagedVectorSearch;
  storage: VectorSearchOptions['storage'];
  sleeps: number[];
  clock: { now: number };
  invalidations: number;
}

/** Builds a vector search against `server`; `overrides` replace any option. */
export function createHarness(server: LoopbackEmbeddingsServer, overrides: Partial<VectorSearchOptions> = {}, provider: Record<string, unknown> = {}): Harness {
  const harness: Harness = { search: undefined as unknown as ManagedVectorSearch, storage: new MemoryStorage(), sleeps: [], clock: { now: Date.UTC(2026, 10, 21) }, invalidations: 0 };
  harness.storage = overrides.storage ?? harness.storage;
  harness.search = createVectorSearch({
    storage: harness.storage,
    provider: { base_url: server.baseUrl, model: 'test-embed', ...provider },
    sleep: (milliseconds) => {
      harness.sleeps.push(milliseconds);
      return Promise.resolve();
    },
    clock: () => harness.clock.now,
    onInvalidated: () => (harness.invalidations += 1),
    ...overrides,
  });
  return harness;
}
