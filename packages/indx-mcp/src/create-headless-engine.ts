import { resolve } from 'node:path';
import type { AiRuntimeOptions } from '../../../src/core/ai/runtime/ai-runtime';
import { resolveEmbeddingProvider } from '../../../src/core/ai/resolve-embedding-provider';
import { readVaultConfig } from '../../../src/core/config/vault-config';
import { Engine, type EngineSearchOptions } from '../../../src/core/engine';
import { describeRecovered } from '../../../src/core/journal/intent-journal';
import { createVectorSearch } from '../../../src/core/search/vectors/create-vector-search';
import type { ManagedVectorSearch } from '../../../src/core/search/vectors/managed-vector-search';
import type { VaultHost } from '../../../src/core/vault/vault-host';
import { FileStorage } from '../../../src/hosts/node/file-storage';

/** Options of {@link createHeadlessEngine}. */
export interface HeadlessEngineOptions {
  /** Search options besides the vectors (e.g. `waitForIndex` for one-shot commands). */
  search?: Omit<EngineSearchOptions, 'vectors'>;
  /** Environment variables to read the embeddings and AI settings from; default `process.env`. */
  environment?: NodeJS.ProcessEnv;
  /** Where a half-configured provider, missing state files and operations recovered at start are reported; default stderr. */
  warn?: (line: string) => void;
  /**
   * The caller holds the vault's write lock and is starting: report state files gone missing and
   * finish the multi-file operations a crash interrupted (Engine.recoverInterrupted). Only with
   * the lock: another live writer's journal entry is not a crash.
   */
  holdsLock?: boolean;
}

/**
 * The engine of a headless surface (`indx serve`, the stdio fallback, one-shot commands), with
 * semantic and hybrid search when an embeddings provider is configured (INDX_EMBEDDINGS_* and
 * the vault configuration's `search.embeddings`, see resolveEmbeddingProvider), and the AI
 * runtime reading INDX_AI_* from the same environment, sending through global fetch (which
 * streams). A half configuration is reported and search stays lexical, rather than refusing to
 * serve.
 */
export async function createHeadlessEngine(host: VaultHost, storage: FileStorage, options: HeadlessEngineOptions = {}): Promise<Engine> {
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const environment = options.environment ?? process.env;
  const holder: { engine: Engine | null } = { engine: null };
  const vectors = await createHeadlessVectors(storage, environment, warn, () => holder.engine?.search?.refreshVectors());
  const engine = await Engine.create({ host, storage, search: { ...options.search, vectors }, ai: headlessAi(environment) });
  holder.engine = engine;
  if (options.holdsLock === true) {
    for (const warning of engine.stateWarnings) warn(`indx: warning: ${warning.message}`);
    for (const recovered of await engine.recoverInterrupted()) warn(`indx: ${describeRecovered(recovered)}`);
  }
  return engine;
}

/**
 * The AI runtime options of a headless process: its environment, Node's fetch (it streams);
 * AI_TEST_RECORD / AI_TEST_REPLAY fixtures in the folder AI_TEST_FIXTURES names, else in the
 * state folder's default.
 */
function headlessAi(environment: NodeJS.ProcessEnv): AiRuntimeOptions {
  const fixtures = environment.AI_TEST_FIXTURES;
  return { environment, fetch, canStream: true, ...(fixtures === undefined || fixtures === '' ? {} : { fixtures: new FileStorage(resolve(fixtures)) }) };
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
