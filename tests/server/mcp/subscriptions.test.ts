import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { CHANGED_URI_META_KEY } from '../../../src/server/mcp/publish-modern-change';
import { waitFor } from '../../helpers/temp-vault';
import { startMcpHarness, type McpHarness } from './mcp-harness';

// The headline of issue 3: live change notifications. A change to a note under a subscribed
// path or glob, made outside the server (written to disk directly, seen by the host's watcher),
// reaches a subscribed client within a second, in each era.

interface Received {
  method: string;
  uri?: string;
  changed?: unknown;
  at: number;
}

/** Records the resource notifications `client` receives. */
function record(client: Client): Received[] {
  const received: Received[] = [];
  client.setNotificationHandler('notifications/resources/updated', (notification) => {
    received.push({ method: notification.method, uri: notification.params.uri, changed: notification.params._meta?.[CHANGED_URI_META_KEY], at: Date.now() });
  });
  client.setNotificationHandler('notifications/resources/list_changed', (notification) => void received.push({ method: notification.method, at: Date.now() }));
  return received;
}

/** Writes `text` to `path` in the vault folder the way another program would. */
async function editOutside(harness: McpHarness, path: string, text: string): Promise<number> {
  const started = Date.now();
  await fs.writeFile(join(harness.vault.root, ...path.split('/')), text);
  return started;
}

let harness: McpHarness;

beforeAll(async () => {
  harness = await startMcpHarness({ watch: true });
});
afterAll(() => harness.dispose());

describe('legacy era (2025-11-25 session, resources/subscribe)', () => {
  let client: Client;
  let received: Received[];

  beforeAll(async () => {
    client = await harness.connect('legacy', harness.read);
    received = record(client);
    await client.subscribeResource({ uri: 'vault://Daily/**' });
    await client.subscribeResource({ uri: 'vault://Projects/Plan.md' });
    await client.subscribeResource({ uri: 'vault://graph' });
    // The client opens its notification stream (GET) on its own after the handshake; until it
    // is open, notifications have nowhere to go. Edit through the server until one arrives.
    const writer = await harness.connect('legacy', harness.write);
    const patch = { name: 'note_patch', arguments: { path: 'Projects/Plan.md', ops: [{ op: 'append_body', markdown: 'warm up' }] } };
    for (let attempt = 0; !received.some((entry) => entry.uri === 'vault://Projects/Plan.md'); attempt += 1) {
      if (attempt === 20) throw new Error('the legacy notification stream never delivered');
      await writer.callTool(patch);
      await waitFor(() => received.length > 0, 250).catch(() => undefined);
    }
  });

  test('an external edit under vault://Daily/** is announced with the note URI within 1 s', async () => {
    const started = await editOutside(harness, 'Daily/Archive/2026-11-01.md', '# Old day\n\nedited outside\n');
    const elapsed = await waitFor(() => received.some((entry) => entry.uri === 'vault://Daily/Archive/2026-11-01.md' && entry.at >= started), 1000);
    expect(elapsed).toBeLessThan(1000);
  });

  test('a change outside every subscription is not announced (only the vault-wide graph is)', async () => {
    // Notifications of one change go out in subscription order on one stream: once the graph's
    // arrives, a notification for the note would already have arrived.
    const started = await editOutside(harness, 'Welcome.md', '# Welcome\n\nchanged\n');
    await waitFor(() => received.some((entry) => entry.uri === 'vault://graph' && entry.at >= started), 1000);
    expect(received.filter((entry) => entry.at >= started).map((entry) => entry.uri)).not.toContain('vault://Welcome.md');
  });

  test('a file created outside announces the new URI and list_changed', async () => {
    const started = await editOutside(harness, 'Daily/2026-11-22.md', '# Sunday\n');
    await waitFor(() => received.some((entry) => entry.uri === 'vault://Daily/2026-11-22.md' && entry.at >= started), 1000);
    await waitFor(() => received.some((entry) => entry.method === 'notifications/resources/list_changed' && entry.at >= started), 1000);
  });
});

describe('modern era (2026-07-28, subscriptions/listen)', () => {
  let client: Client;
  let received: Received[];

  beforeAll(async () => {
    client = await harness.connect('modern', harness.read);
    received = record(client);
  });

  test('an external edit under vault://Daily/** arrives on the listen stream within 1 s, naming the note', async () => {
    const subscription = await client.listen({ resourceSubscriptions: ['vault://Daily/**'], resourcesListChanged: true });
    expect(subscription.honoredFilter).toEqual({ resourceSubscriptions: ['vault://Daily/**'], resourcesListChanged: true });
    const started = await editOutside(harness, 'Daily/2026-11-21.md', '# Saturday\n\nmodern edit\n');
    const elapsed = await waitFor(() => received.some((entry) => entry.uri === 'vault://Daily/**' && entry.changed === 'vault://Daily/2026-11-21.md' && entry.at >= started), 1000);
    expect(elapsed).toBeLessThan(1000);
    await subscription.close();
  });

  test('exact URIs and one-level globs match as documented; creation is list_changed', async () => {
    const subscription = await client.listen({ resourceSubscriptions: ['vault://Projects/Plan.md', 'vault://Daily/*'], resourcesListChanged: true });
    const started = await editOutside(harness, 'Daily/Archive/2026-11-01.md', 'nested: not under Daily/*\n');
    await editOutside(harness, 'Projects/Plan.md', '# Plan\n\nexternal\n');
    await editOutside(harness, 'Daily/2026-11-23.md', '# Monday\n');
    const since = () => received.filter((entry) => entry.at >= started);
    await waitFor(() => since().some((entry) => entry.uri === 'vault://Daily/*' && entry.changed === 'vault://Daily/2026-11-23.md'), 1000);
    await waitFor(() => since().some((entry) => entry.uri === 'vault://Projects/Plan.md'), 1000);
    await waitFor(() => since().some((entry) => entry.method === 'notifications/resources/list_changed'), 1000);
    expect(since().filter((entry) => entry.changed === 'vault://Daily/Archive/2026-11-01.md')).toEqual([]);
    await subscription.close();
  });
});
