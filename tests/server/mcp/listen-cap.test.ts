import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Client } from '@modelcontextprotocol/client';
import { waitFor } from '../../helpers/temp-vault';
import { startMcpHarness, type McpHarness } from './mcp-harness';

/**
 * Issue 14, item 8: `subscriptions/listen` streams per token were unlimited (300 accepted,
 * +39 MB). Past the cap the newest is refused with a clear error; the open ones keep working.
 */
describe('subscriptions/listen streams per token', () => {
  const CAP = 2;
  let harness: McpHarness;
  let client: Client;
  const updated: string[] = [];

  beforeAll(async () => {
    harness = await startMcpHarness({ watch: true, endpoint: { maxListenStreamsPerToken: CAP } });
    client = await harness.connect('modern', harness.read);
    client.setNotificationHandler('notifications/resources/updated', (notification) => void updated.push(notification.params.uri));
  });

  afterAll(() => harness.dispose());

  it('refuses one stream past the cap with rate_limited; the open streams still deliver; closing one frees its slot; other tokens are not counted', async () => {
    const first = await client.listen({ resourceSubscriptions: ['vault://Daily/**'] });
    const second = await client.listen({ resourceSubscriptions: ['vault://Projects/**'] });
    const refusal = await client.listen({ resourceSubscriptions: ['vault://**'] }).then(
      () => null,
      (error: unknown) => error as { message?: string; code?: number; data?: unknown },
    );
    expect(refusal).toMatchObject({ code: -32000, message: expect.stringContaining('Too many subscriptions/listen streams') as unknown, data: { code: 'rate_limited', details: { max_listen_streams: CAP } } });
    await fs.writeFile(join(harness.vault.root, 'Daily', '2026-11-21.md'), '# Saturday\n\nstill listening\n');
    await waitFor(() => updated.includes('vault://Daily/**'), 2000);
    const other = await harness.connect('modern', harness.write);
    const others = await other.listen({ resourceSubscriptions: ['vault://**'] });
    await first.close();
    // The slot frees when the server sees the stream close: retry briefly.
    let third = null;
    for (let attempt = 0; third === null && attempt < 40; attempt += 1) {
      third = await client.listen({ resourceSubscriptions: ['vault://**'] }).catch(() => delay(25).then(() => null));
    }
    expect(third).not.toBeNull();
    await Promise.all([second.close(), third?.close(), others.close()]);
  });
});
