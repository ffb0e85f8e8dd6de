import type { VaultHost } from '../../vault/vault-host';
import type { VectorSearch } from '../chunk';
import { splitNote } from '../chunking/chunk-note';

/**
 * A vector store as the search service drives it: the `VectorSearch` contract, plus optional
 * persistence the service calls (`load` once at start, `save` after each burst of embedding and
 * on stop). The embeddings layer's `ManagedVectorSearch` fits.
 */
export interface PersistentVectorSearch extends VectorSearch {
  load?(): Promise<void>;
  save?(): Promise<void>;
}

/**
 * Hands notes to the vector store one at a time, in the background: each queued path is read,
 * chunked and passed to `indexChunks` (which embeds only chunks whose hashes it lacks).
 * Failures are reported and skipped; the lexical index never waits for embeddings. The store
 * is saved whenever the queue runs dry.
 */
export class VectorFeeder {
  private readonly queue = new Set<string>();
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly vectors: PersistentVectorSearch,
    private readonly host: VaultHost,
    private readonly onProblem: (message: string) => void,
  ) {}

  /** Queues `path` for (re)embedding. */
  add(path: string): void {
    if (this.stopped || !this.vectors.available()) return;
    this.queue.add(path);
    this.running ??= this.drain().finally(() => (this.running = null));
  }

  /** Forgets `path`'s vectors now and drops it from the queue. */
  remove(path: string): void {
    this.queue.delete(path);
    this.vectors.removePath(path);
  }

  /** Resolves once the queue is empty. */
  async idle(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  /** Stops feeding after the current note, then saves the store. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.clear();
    await this.idle();
    await this.save();
  }

  private async drain(): Promise<void> {
    for (let path = this.next(); path !== undefined && !this.stopped; path = this.next()) {
      try {
        const text = await this.host.read(path);
        await this.vectors.indexChunks(path, splitNote(path, text, this.host.getMetadata(path)).chunks);
      } catch (error: unknown) {
        this.onProblem(`embedding ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    await this.save();
  }

  private async save(): Promise<void> {
    await this.vectors.save?.().catch((error: unknown) => this.onProblem(`saving vectors failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  private next(): string | undefined {
    const [path] = this.queue;
    if (path !== undefined) this.queue.delete(path);
    return path;
  }
}
