// Our engine in the benchmark, through its real surfaces: a NodeVaultHost over the generated
// vault, an Engine with its SearchService persisting into a FileStorage, and every query through
// the `vault_search` operation in lexical mode. Bundled by bench/run.mjs with esbuild.
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { version } from '../../package.json';
import { Engine } from '../../src/core/engine';
import { DEFAULT_SCHEDULER, type Scheduler } from '../../src/core/search/service/scheduler';
import type { VaultEvent, VaultHost } from '../../src/core/vault/vault-host';
import { FileStorage } from '../../src/hosts/node/file-storage';
import { NodeVaultHost } from '../../src/hosts/node/node-vault-host';

/** The part of a benchmark document this adapter needs. */
interface BenchDoc {
  path: string;
}

/** Where the engine reads the vault and keeps its state. */
interface Folders {
  vaultDir: string;
  stateDir: string;
}

/** A search result as `vault_search` returns it (the part used here). */
interface SearchOutput {
  results: { path: string }[];
}

/**
 * The default scheduler without timers: the service's debounced background saves never fire, so
 * no save runs in the middle of the query or update measurements; saving happens in `persist`
 * (`flush`). Slices still yield to the host as in production.
 */
const NO_TIMER_SCHEDULER: Scheduler = { ...DEFAULT_SCHEDULER, setTimer: () => () => undefined };

/**
 * The host with vault events the benchmark can raise: the host opens without a watcher, so the
 * benchmark rewrites a note on disk and reports it as an Obsidian `modify` event would.
 */
function withManualEvents(host: NodeVaultHost): { host: VaultHost; emit(event: VaultEvent): void } {
  const listeners = new Set<(event: VaultEvent) => void>();
  const proxy = new Proxy(host, {
    get(target, property) {
      if (property === 'on') {
        return (listener: (event: VaultEvent) => void) => {
          listeners.add(listener);
          const stop = target.on(listener);
          return () => {
            listeners.delete(listener);
            stop();
          };
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...parameters: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { host: proxy, emit: (event) => listeners.forEach((listener) => listener(event)) };
}

/** Options of {@link createIndxAdapter}. */
export interface IndxAdapterOptions {
  /**
   * Serve note reads from texts loaded in `prepare` (as Obsidian's `cachedRead` does) instead of
   * the NodeVaultHost's checked disk reads: a diagnostic variant that separates the index's own
   * cost from the Node host's file access.
   */
  readsFromMemory: boolean;
}

/** The notes of the vault, read into memory, keyed by vault path. */
function readAllNotes(host: NodeVaultHost, vaultDir: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const file of host.listFiles()) if (file.path.endsWith('.md')) texts.set(file.path, readFileSync(join(vaultDir, file.path), 'utf8'));
  return texts;
}

/** The host with its `read` answered from `texts` when they hold the path. */
function withMemoryReads(host: VaultHost, texts: Map<string, string>): VaultHost {
  return new Proxy(host, {
    get(target, property) {
      if (property === 'read') return (path: string) => Promise.resolve(texts.get(path) ?? target.read(path));
      return Reflect.get(target, property, target) as unknown;
    },
  });
}

/** Creates the adapter (see bench/README.md for the interface). */
export function createAdapter() {
  return createIndxAdapter({ readsFromMemory: false });
}

/** Creates the adapter, reading notes from disk through the host or from memory. */
export function createIndxAdapter(options: IndxAdapterOptions) {
  let nodeHost: NodeVaultHost | null = null;
  let events: ReturnType<typeof withManualEvents> | null = null;
  let texts: Map<string, string> | null = null;
  let vaultRoot = '';
  let engine: Engine | null = null;
  let stateDir = '';

  const openEngine = async (storageDir: string): Promise<Engine> => {
    if (events === null) throw new Error('prepare() must run first');
    const host = texts === null ? events.host : withMemoryReads(events.host, texts);
    engine = await Engine.create({ host, storage: new FileStorage(storageDir), search: { scheduler: NO_TIMER_SCHEDULER } });
    return engine;
  };
  const search = (): NonNullable<Engine['search']> => {
    if (engine?.search == null) throw new Error('the engine has no search index');
    return engine.search;
  };

  return {
    name: options.readsFromMemory ? 'indx, reads from memory' : 'indx',
    version,
    keyKind: 'path',
    needsDocs: false,
    /** Opens the vault host (scan and metadata: the host's work, not the index's). */
    async prepare({ vaultDir }: Folders): Promise<void> {
      nodeHost = await NodeVaultHost.open(vaultDir, { watch: false });
      events = withManualEvents(nodeHost);
      vaultRoot = vaultDir;
      if (options.readsFromMemory) texts = readAllNotes(nodeHost, vaultDir);
    },
    async build({ stateDir: folder }: Folders): Promise<void> {
      stateDir = folder;
      await (await openEngine(stateDir)).search?.whenReady();
    },
    async query(text: string, limit: number): Promise<string[]> {
      if (engine === null) throw new Error('no engine');
      const { output } = await engine.call('vault_search', { q: text, mode: 'lexical', limit });
      return (output as SearchOutput).results.map((result) => result.path);
    },
    /** The same search straight from the service, to show what the operation layer adds. */
    async directQuery(text: string, limit: number): Promise<string[]> {
      return (await search().search({ q: text, mode: 'lexical', limit })).results.map((result) => result.path);
    },
    async persist(dir: string): Promise<void> {
      await search().flush();
      mkdirSync(dir, { recursive: true });
      cpSync(join(stateDir, 'search'), join(dir, 'search'), { recursive: true });
    },
    async load({ dir }: { dir: string }): Promise<void> {
      await (await openEngine(dir)).search?.whenReady();
    },
    async update({ doc }: { doc: BenchDoc }): Promise<void> {
      texts?.set(doc.path, readFileSync(join(vaultRoot, doc.path), 'utf8'));
      events?.emit({ type: 'modify', path: doc.path });
      await search().settled();
    },
    longestSliceMs(): number {
      return search().status().longest_slice_ms;
    },
    stats(): unknown {
      return search().status();
    },
  };
}
