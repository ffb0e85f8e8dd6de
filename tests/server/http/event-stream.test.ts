import { request, type IncomingMessage } from 'node:http';
import { setImmediate as settle } from 'node:timers/promises';
import type { AuditEvent } from '../../../src/core/audit/audit-log';
import { EventStream, type EventSink } from '../../../src/server/http/event-stream';
import { serveVault } from './server-harness';

/** A response that accepts `capacity` chunks, then reports a full buffer until `drain()`. */
class FakeSink implements EventSink {
  readonly written: string[] = [];
  ended = false;
  private drainListener: (() => void) | null = null;

  constructor(private capacity: number) {}

  write(chunk: string): boolean {
    this.written.push(chunk);
    this.capacity -= 1;
    return this.capacity > 0;
  }

  end(): void {
    this.ended = true;
  }

  once(_event: 'drain', listener: () => void): this {
    this.drainListener = listener;
    return this;
  }

  drain(capacity: number): void {
    this.capacity = capacity;
    const listener = this.drainListener;
    this.drainListener = null;
    listener?.();
  }

  ids(): string[] {
    return this.written.flatMap((chunk) => /^id: (\d+)/.exec(chunk)?.[1] ?? []);
  }
}

function open(sink: FakeSink, options: { maxQueuedBytes?: number; active?: () => boolean } = {}): { stream: EventStream; endings: () => number } {
  let endings = 0;
  const stream = new EventStream(sink, { maxQueuedBytes: options.maxQueuedBytes ?? 10_000, isActive: () => Promise.resolve(options.active?.() ?? true), onEnd: () => (endings += 1) });
  return { stream, endings: () => endings };
}

describe('EventStream: ids, backpressure and slow clients', () => {
  it('waits for drain when the buffer is full, then sends the queued events in order with contiguous ids', async () => {
    const sink = new FakeSink(2);
    const { stream } = open(sink);
    for (let index = 0; index < 5; index += 1) stream.send('modify', { path: `N${index}.md` });
    await settle();
    expect(sink.ids()).toEqual(['1', '2']);
    sink.drain(100);
    await settle();
    expect(sink.ids()).toEqual(['1', '2', '3', '4', '5']);
    expect(JSON.parse(sink.written[4]?.split('data: ')[1] ?? '')).toEqual({ kind: 'modify', path: 'N4.md' });
  });

  it('closes a stream whose queue outgrows its limit instead of buffering without bound', async () => {
    const sink = new FakeSink(1);
    const { stream, endings } = open(sink, { maxQueuedBytes: 1000 });
    stream.send('audit', { path: 'first' });
    await settle();
    expect(sink.written.length).toBe(1);
    for (let index = 0; index < 100 && !stream.isEnded; index += 1) stream.send('audit', { path: 'x'.repeat(100) });
    await settle();
    expect([stream.isEnded, sink.ended, endings()]).toEqual([true, true, 1]);
    expect(sink.written.length).toBe(1);
    stream.send('audit', { path: 'late' });
    sink.drain(100);
    await settle();
    expect(sink.written.length).toBe(1);
  });

  it('closes a stream whose client has not drained for a whole keep-alive interval', async () => {
    const sink = new FakeSink(1);
    const { stream } = open(sink);
    stream.send('create', { path: 'A.md' });
    await settle();
    stream.tick();
    expect(stream.isEnded).toBe(false);
    stream.tick();
    expect(stream.isEnded).toBe(true);
  });

  it('sends keep-alive comments while the client keeps up, and ends when the token is no longer active', async () => {
    let active = true;
    const sink = new FakeSink(100);
    const { stream, endings } = open(sink, { active: () => active });
    stream.tick();
    await settle();
    expect(sink.written).toEqual([': keep-alive\n\n']);
    active = false;
    stream.send('modify', { path: 'Secret.md' });
    await settle();
    expect([sink.written.length, sink.ended, endings()]).toEqual([1, true, 1]);
  });
});

describe('/v1/events with a client that stops reading', () => {
  it('closes the stream once the queued events pass the limit, so server memory stays bounded', async () => {
    const served = await serveVault({ eventsMaxQueuedBytes: 256 * 1024, eventsKeepAliveMs: 60_000 });
    try {
      const response = await new Promise<IncomingMessage>((resolve, reject) => {
        request({ host: '127.0.0.1', port: served.server.port, path: '/v1/events?kinds=audit', headers: { Authorization: `Bearer ${served.read}` } }, resolve).on('error', reject).end();
      });
      response.pause();
      const event: AuditEvent = { time: '2026-11-21T00:00:00.000Z', actor: 'token:test', op: 'note_patch', path: 'p'.repeat(16 * 1024), etag_before: null, etag_after: null };
      const count = 2000;
      const sentBytes = count * event.path.length;
      // One event per turn of the event loop: the stream writes until the socket is full, then queues.
      for (let index = 0; index < count; index += 1) {
        served.vault.engine.audit.record(event);
        await settle();
      }
      let received = 0;
      const ended = new Promise<void>((resolve) => response.on('end', resolve).on('close', resolve));
      response.on('data', (chunk: Buffer) => (received += chunk.length));
      response.resume();
      await ended;
      expect(received).toBeLessThan(sentBytes / 2);
    } finally {
      await served.dispose();
    }
  });
});
