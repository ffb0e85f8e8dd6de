import { clearInterval, setInterval } from 'node:timers';

/** Where one stream's bytes go: the HTTP response, as far as a stream needs it. */
export interface EventSink {
  /** Writes a chunk; false when the chunk had to be buffered (wait for `drain`). */
  write(chunk: string): boolean;
  end(): void;
  once(event: 'drain', listener: () => void): unknown;
}

/** Limits and hooks of one {@link EventStream}. */
export interface EventStreamOptions {
  /** Most bytes of events held for a client that stopped reading; past it the stream is closed. */
  maxQueuedBytes: number;
  /** Whether the stream's token is still valid; checked before every batch of writes. */
  isActive: () => Promise<boolean>;
  /** Called once when the stream ends, for whatever reason. */
  onEnd?: () => void;
  /** Calls {@link EventStream.tick} this often until the stream ends (default: never; the caller ticks). */
  keepAliveMs?: number;
}

/** The response headers of every event stream the server opens. */
export const EVENT_STREAM_HEADERS = { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' } as const;

/**
 * One open server-sent-event stream. Event ids count the events of this stream (1, 2, 3…,
 * no gaps: an event is never dropped, the stream is closed instead); there is no resumption,
 * so `Last-Event-ID` is ignored and a reconnect starts again at 1. Writes wait for `drain` when
 * the response buffer is full; events queue meanwhile up to `maxQueuedBytes`, and the stream is
 * closed when the queue overflows or when the client has not drained for a whole keep-alive
 * interval. Before writing, the stream checks its token is still active and ends otherwise.
 */
// Security: a stalled or hostile client must not make the server buffer without bound, and a
// revoked token must stop receiving data.
export class EventStream {
  private nextId = 1;
  private readonly queue: string[] = [];
  private queuedBytes = 0;
  private flushing = false;
  private blockedTicks: number | null = null;
  private ended = false;
  private finishing = false;
  private readonly keepAlive: ReturnType<typeof setInterval> | null;

  constructor(
    private readonly sink: EventSink,
    private readonly options: EventStreamOptions,
  ) {
    this.keepAlive = options.keepAliveMs === undefined ? null : setInterval(() => this.tick(), options.keepAliveMs);
  }

  /** Queues one event named `kind` with JSON `data`, then writes what the client can take. */
  send(kind: string, data: object): void {
    this.sendPayload(kind, { kind, ...data });
  }

  /** Queues one event named `kind` whose data is `payload` as JSON, exactly (no `kind` added). */
  sendPayload(kind: string, payload: object): void {
    if (this.ended || this.finishing) return;
    this.enqueue(`id: ${this.nextId++}\nevent: ${kind}\ndata: ${JSON.stringify(payload)}\n\n`);
  }

  /** Ends the stream once everything queued is written (the stream's last event was sent). */
  finish(): void {
    if (this.ended || this.finishing) return;
    this.finishing = true;
    void this.flush();
  }

  /**
   * The keep-alive tick: closes a stream whose client has not drained since the previous tick,
   * otherwise sends a comment line (which also re-checks the token).
   */
  tick(): void {
    if (this.ended) return;
    if (this.blockedTicks !== null) {
      this.blockedTicks += 1;
      if (this.blockedTicks >= 2) this.end();
      return;
    }
    this.enqueue(': keep-alive\n\n');
  }

  /** Ends the stream now, discarding anything queued. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.keepAlive !== null) clearInterval(this.keepAlive);
    this.queue.length = 0;
    this.queuedBytes = 0;
    this.sink.end();
    this.options.onEnd?.();
  }

  /** True once the stream has ended. */
  get isEnded(): boolean {
    return this.ended;
  }

  private enqueue(chunk: string): void {
    this.queue.push(chunk);
    this.queuedBytes += chunk.length;
    if (this.queuedBytes > this.options.maxQueuedBytes) return this.end();
    void this.flush();
  }

  private async flush(): Promise<void> {
    if (this.flushing || this.blockedTicks !== null) return;
    this.flushing = true;
    try {
      if (!(await this.options.isActive())) return this.end();
      this.writeQueued();
    } finally {
      this.flushing = false;
    }
    if (this.finishing && this.queue.length === 0 && this.blockedTicks === null) this.end();
  }

  private writeQueued(): void {
    while (!this.ended && this.blockedTicks === null && this.queue.length > 0) {
      const chunk = this.queue.shift() ?? '';
      this.queuedBytes -= chunk.length;
      if (!this.sink.write(chunk)) this.waitForDrain();
    }
  }

  private waitForDrain(): void {
    this.blockedTicks = 0;
    this.sink.once('drain', () => {
      this.blockedTicks = null;
      void this.flush();
    });
  }
}
