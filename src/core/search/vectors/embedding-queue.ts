/** A chunk waiting for its embedding. */
export interface QueuedText {
  hash: string;
  text: string;
}

interface Waiting extends QueuedText {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** What `run` reports about a batch it embedded: the chunks the provider refused, by hash, with why. */
export type RefusedTexts = ReadonlyMap<string, unknown>;

/**
 * Gathers the chunks asked for in the same turn of the event loop (by any number of callers)
 * into batches of `batchSize`, runs at most `maxParallel` batches at once, and asks for each
 * content hash once while it is pending. `run` embeds one batch and stores the vectors; a
 * caller's promise settles when the batch holding its chunk does: rejected with the reason
 * when `run` throws or reports that chunk refused.
 */
export class EmbeddingQueue {
  private readonly waiting: Waiting[] = [];
  private readonly promises = new Map<string, Promise<void>>();
  private running = 0;
  private scheduled = false;

  constructor(
    private readonly run: (batch: QueuedText[]) => Promise<RefusedTexts>,
    private readonly batchSize: number,
    private readonly maxParallel: number,
  ) {}

  /** Settles once the chunk with this hash has been embedded (or its batch failed). */
  embed(hash: string, text: string): Promise<void> {
    const known = this.promises.get(hash);
    if (known !== undefined) return known;
    const promise = new Promise<void>((resolve, reject) => this.waiting.push({ hash, text, resolve, reject }));
    this.promises.set(hash, promise);
    this.schedule();
    return promise;
  }

  /** Rejects every chunk not yet sent with `reason` (indexing stops); batches in flight settle as they end. */
  cancelWaiting(reason: unknown): void {
    for (const item of this.waiting.splice(0)) {
      this.promises.delete(item.hash);
      item.reject(reason);
    }
  }

  // Deferred to a microtask so chunks queued by the same synchronous code share batches.
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.maxParallel && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.batchSize);
      this.running += 1;
      void this.runBatch(batch);
    }
  }

  private async runBatch(batch: Waiting[]): Promise<void> {
    try {
      const refused = await this.run(batch.map(({ hash, text }) => ({ hash, text })));
      for (const item of batch) {
        if (refused.has(item.hash)) item.reject(refused.get(item.hash));
        else item.resolve();
      }
    } catch (error: unknown) {
      for (const item of batch) item.reject(error);
    } finally {
      for (const item of batch) this.promises.delete(item.hash);
      this.running -= 1;
      this.pump();
    }
  }
}
