import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { waitFor } from '../../helpers/temp-vault';
import { runCli } from '../../cli/run-cli';
import { serveVault, type ServedVault } from './server-harness';
import { SseReader } from './sse-reader';

const PATCH = { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ops: [{ op: 'append_body', markdown: 'more' }] }) };

/** Resolves true when the stream ends within `ms`, false otherwise. */
function endsWithin(stream: SseReader, ms: number): Promise<boolean> {
  return Promise.race([stream.ended().then(() => true), delay(ms).then(() => false)]);
}

/** Opens `/v1/events` with the read token and waits until it demonstrably delivers events. */
async function openLiveStream(served: ServedVault): Promise<SseReader> {
  const stream = new SseReader(await served.fetch('/v1/events?kinds=modify,create,audit', { token: served.read }));
  await served.fetch('/v1/notes/Lonely.md', PATCH);
  await waitFor(() => stream.events.some((event) => event.event === 'audit'), 2000);
  return stream;
}

describe('/v1/events and revoked tokens', () => {
  let served: ServedVault | undefined;

  afterEach(async () => {
    await served?.dispose();
    served = undefined;
  });

  it('closes the stream when another process (the CLI) revokes its token; the next change is never sent', async () => {
    served = await serveVault({ watch: true, eventsKeepAliveMs: 60_000, tokenRefreshMs: 0 });
    const stream = await openLiveStream(served);
    const seen = stream.events.length;
    expect((await runCli(['token', 'revoke', '--vault', served.vault.root, '--name', 'reader'])).code).toBe(0);
    await writeFile(join(served.vault.root, 'Lonely.md'), 'changed by another program after the revoke\n');
    await served.fetch('/v1/notes/Welcome.md', PATCH);
    expect(await endsWithin(stream, 3000)).toBe(true);
    expect(stream.events.length).toBe(seen);
  });

  it('closes a quiet stream at the first keep-alive tick after the token file is re-read', async () => {
    served = await serveVault({ eventsKeepAliveMs: 50 });
    const stream = await openLiveStream(served);
    expect((await runCli(['token', 'revoke', '--vault', served.vault.root, '--name', 'reader'])).code).toBe(0);
    expect(await endsWithin(stream, 3000)).toBe(true);
  });

  it('closes the stream at once when the token is revoked in this process, leaving other tokens streaming', async () => {
    served = await serveVault({ eventsKeepAliveMs: 60_000 });
    const revoked = await openLiveStream(served);
    const other = new SseReader(await served.fetch('/v1/events?kinds=audit', { token: served.admin }));
    await served.tokens.revoke('reader');
    expect(await endsWithin(revoked, 1000)).toBe(true);
    await served.fetch('/v1/notes/Lonely.md', PATCH);
    await waitFor(() => other.events.length > 0, 2000);
    expect(await endsWithin(other, 50)).toBe(false);
  });
});
