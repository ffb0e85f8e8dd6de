import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { waitFor } from '../../helpers/temp-vault';
import { serveVault, type ServedVault } from './server-harness';
import { SseReader } from './sse-reader';

describe('GET /v1/events (server-sent events)', () => {
  let served: ServedVault;

  beforeEach(async () => {
    served = await serveVault({ watch: true, eventsKeepAliveMs: 50 });
  });

  afterEach(async () => {
    await served.dispose();
  });

  it('sends an event within 1 s of a file edited on disk by another program', async () => {
    const response = await served.fetch('/v1/events?kinds=modify,create', { token: served.read });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const stream = new SseReader(response);
    await writeFile(join(served.vault.root, 'Lonely.md'), 'edited outside\n');
    const elapsed = await waitFor(() => stream.events.some((event) => event.event === 'modify'), 1000);
    expect(elapsed).toBeLessThan(1000);
    expect(JSON.parse(stream.events.find((event) => event.event === 'modify')?.data ?? '{}')).toEqual({ kind: 'modify', path: 'Lonely.md' });
    await writeFile(join(served.vault.root, 'Fresh.md'), 'new\n');
    await waitFor(() => stream.events.some((event) => event.event === 'create'), 1000);
    expect(stream.events.every((event) => event.event === 'modify' || event.event === 'create')).toBe(true);
  });

  it('sends audit records of writes made through the API, filtered by kind, with keep-alive comments', async () => {
    const response = await served.fetch('/v1/events?kinds=audit');
    const raw: string[] = [];
    const reader = response.body?.getReader();
    const stream = new SseReader(new Response(new ReadableStream({
      async pull(controller) {
        const chunk = await reader?.read();
        if (chunk === undefined || chunk.done) return controller.close();
        raw.push(new TextDecoder().decode(chunk.value));
        controller.enqueue(chunk.value);
      },
    })));
    await served.fetch('/v1/notes/Lonely.md', { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ops: [{ op: 'append_body', markdown: 'x' }] }) });
    await waitFor(() => stream.events.length > 0, 1000);
    expect(stream.events.map((event) => event.event)).toEqual(['audit']);
    expect(JSON.parse(stream.events[0]?.data ?? '{}')).toMatchObject({ kind: 'audit', op: 'note_patch', path: 'Lonely.md', actor: 'token:writer', duration_ms: expect.any(Number) as unknown });
    await waitFor(() => raw.join('').includes(': keep-alive'), 1000);
  });

  it('refuses unknown kinds with 400 and requires a token', async () => {
    const unknown = await served.fetch('/v1/events?kinds=modify,explode');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect((await served.fetch('/v1/events', { token: null })).status).toBe(401);
    const head = await served.fetch('/v1/events', { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, 'text/event-stream; charset=utf-8', '']);
  });

  it('numbers the events of each stream 1, 2, 3… whatever other streams receive', async () => {
    const audit = new SseReader(await served.fetch('/v1/events?kinds=audit'));
    const everything = new SseReader(await served.fetch('/v1/events'));
    for (const text of ['one', 'two', 'three']) {
      await served.fetch('/v1/notes/Lonely.md', { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ops: [{ op: 'append_body', markdown: text }] }) });
    }
    await waitFor(() => audit.events.length === 3 && everything.events.filter((event) => event.event === 'modify').length === 3, 2000);
    expect(audit.events.map((event) => event.id)).toEqual(['1', '2', '3']);
    expect(everything.events.map((event) => event.id)).toEqual(everything.events.map((_event, index) => String(index + 1)));
  });

  it('ends open streams when the server closes', async () => {
    const stream = new SseReader(await served.fetch('/v1/events'));
    await served.server.close();
    await expect(stream.ended()).resolves.toBeUndefined();
  });
});
