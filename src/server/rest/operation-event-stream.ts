import type { Response } from 'express';
import { EVENT_STREAM_HEADERS, EventStream } from '../http/event-stream';

/** Limits of an {@link OperationEventStream}. */
export interface OperationEventStreamOptions {
  /** Interval of keep-alive comments while the operation works between events (default 15 s). */
  keepAliveMs?: number;
  /** Most bytes queued for a client that stopped reading before the stream is closed (default 8 MiB: the closing event holds the whole result). */
  maxQueuedBytes?: number;
}

/**
 * The server-sent-event response of one streamed operation call, opened lazily: nothing is
 * written until the first event, so a call that fails before it (bad input, a missing scope, no
 * provider) can still answer with the JSON error envelope and its status. Once open, events go
 * through an {@link EventStream} (ids, backpressure, a bounded queue) with keep-alive comments.
 */
export class OperationEventStream {
  private stream: EventStream | null = null;

  constructor(
    private readonly response: Response,
    private readonly headers: Record<string, string>,
    private readonly options: OperationEventStreamOptions = {},
  ) {}

  /** True once the response has become an event stream (status and headers are sent). */
  get started(): boolean {
    return this.stream !== null;
  }

  /** Sends one event named `kind` with `payload` as its JSON data; opens the stream first. Does nothing once the client is gone. */
  send(kind: string, payload: object): void {
    if (this.response.destroyed) return;
    this.open().sendPayload(kind, payload);
  }

  /** Ends the stream once its queued events are written. */
  finish(): void {
    if (this.response.destroyed) return;
    this.open().finish();
  }

  private open(): EventStream {
    if (this.stream !== null) return this.stream;
    const response = this.response;
    response.writeHead(200, { ...this.headers, ...EVENT_STREAM_HEADERS });
    const stream = new EventStream(response, {
      maxQueuedBytes: this.options.maxQueuedBytes ?? 8 * 1024 * 1024,
      // The stream lasts one call; the token was checked when the request arrived.
      isActive: () => Promise.resolve(true),
      keepAliveMs: this.options.keepAliveMs ?? 15_000,
    });
    response.once('close', () => stream.end());
    this.stream = stream;
    return stream;
  }
}
