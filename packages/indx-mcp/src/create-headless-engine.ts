import { resolveEmbeddingProvider } from '../../../src/core/ai/resolve-embedding-provider';
import { readVaultConfig } from '../../../src/core/config/vault-config';
import { Engine, type EngineSearchOptions } from '../../../src/core/engine';
import { createVectorSearch } from '../../../src/core/search/vectors/create-vector-search';
import type { ManagedVectorSearch } from '../../../src/core/search/vectors/managed-vector-search';
import type { VaultHost } from '../../../src/core/vault/vault-host';
import type { FileStorage } from '../../../src/hosts/node/file-storage';

/** Options of {@link createHeadlessEngine}. */
export interface HeadlessEngineOptions {
  /** Search options besides the vectors (e.g. `waitForIndex` for one-shot commands). */
  search?: Omit<EngineSearchOptions, 'vectors'>;
  /** Environment variables to read the embeddings settings from; default `process.env`. */
  environment?: NodeJS.ProcessEnv;
  /** Where a half-configured provider is reported; default stderr. */
  warn?: (line: string) => void;
}

/**
 * The engine of a headless surface (`indx serve`, the stdio fallback, one-shot commands), with
 * semantic and hybrid search when an embeddings provider is configured (INDX_EMBEDDINGS_* and
 * the vault configuration's `search.embeddings`, see resolveEmbeddingProvider). A half
 * configuration is reported and search stays lexical, rather than refusing to serve.
 */
export async function createHeadlessEngine(host: VaultHost, storage: FileStorage, options: HeadlessEngineOptions = {}): Promise<Engine> {
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const holder: { engine: Engine | null } = { engine: null };
  const vectors = await createHeadlessVectors(storage, options.environment ?? process.env, warn, () => holder.engine?.search?.refreshVectors());
  holder.engine = await Engine.create({ host, storage, search: { ...options.search, vectors } });
  return holder.engine;
}

async function createHeadlessVectors(storage: FileStorage, environment: NodeJS.ProcessEnv, warn: (line: string) => void, onInvalidated: () => void): Promise<ManagedVectorSearch | null> {
  try {
    const settings = (await readVaultConfig(storage)).search.embeddings;
    const provider = resolveEmbeddingProvider({ environment, settings });
    return provider === null ? null : createVectorSearch({ storage, provider, onInvalidated });
  } catch (error: unknown) {
    warn(`indx: semantic search is off: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
