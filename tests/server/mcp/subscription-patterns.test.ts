import type { Client } from '@modelcontextprotocol/client';
import { CHANGED_URI_META_KEY } from '../../../src/server/mcp/publish-modern-change';
import { MAX_SUBSCRIPTIONS } from '../../../src/server/mcp/resource-subscriptions';
import { toVaultUri } from '../../../src/server/mcp/vault-uris';
import { waitFor } from '../../helpers/temp-vault';
import { ERAS, MCP_FILES, startMcpHarness, type Era, type McpHarness } from './mcp-harness';

// Subscription forms a client may reasonably write, each delivered in both eras by the same
// matching rule. Before, the modern era only delivered the few glob spellings the server
// published under (vault://Daily/**, vault://Daily/*), so these were acknowledged and never fired.

interface PatternCase {
  pattern: string;
  /** The note edited; its change must be announced. */
  edited: string;
  /** A note edited just before, outside the pattern; its change must not be announced. */
  outside: string;
}

const CASES: PatternCase[] = [
  { pattern: 'vault://Daily/*.md', edited: 'Daily/2026-11-21.md', outside: 'Daily/Archive/2026-11-01.md' },
  { pattern: 'vault://**/*.md', edited: 'Projects/Plan.md', outside: 'Board.canvas' },
  { pattern: 'vault://My Folder/**', edited: 'My Folder/Note one.md', outside: 'Projects/Plan.md' },
  { pattern: 'vault://My%20Folder/**', edited: 'My Folder/Note one.md', outside: 'Welcome.md' },
  { pattern: 'vault://daily/**', edited: 'Daily/Archive/2026-11-01.md', outside: 'Projects/Plan.md' },
  { pattern: 'VAULT://Projects/*.md', edited: 'Projects/Plan.md', outside: 'Welcome.md' },
  { pattern: 'vault://projects/plan.md', edited: 'Projects/Plan.md', outside: 'Welcome.md' },
];

interface Received {
  uri: string;
  changed: unknown;
}

let harness: McpHarness;
let writer: Client;

beforeAll(async () => {
  harness = await startMcpHarness({ files: { ...MCP_FILES, 'My Folder/Note one.md': '# One\n', 'Board.canvas': '{"nodes":[],"edges":[]}' } });
  writer = await harness.connect('modern', harness.write);
});
afterAll(() => harness.dispose());

let edits = 0;

/** Rewrites `path` with new content (an identical write would change nothing). */
async function edit(path: string): Promise<void> {
  edits += 1;
  const body = path.endsWith('.canvas') ? `{"nodes":[],"edges":[],"edit":${edits}}` : `# Edit ${edits}\n`;
  const result = await writer.callTool({ name: 'note_write', arguments: { path, body } });
  expect(result.isError).not.toBe(true);
}

function record(client: Client): Received[] {
  const received: Received[] = [];
  client.setNotificationHandler('notifications/resources/updated', (notification) => {
    received.push({ uri: notification.params.uri, changed: notification.params._meta?.[CHANGED_URI_META_KEY] });
  });
  return received;
}

/** Subscribes `client` to `pattern` in its era; resolves with the function that ends it. */
async function subscribe(client: Client, era: Era, pattern: string): Promise<() => Promise<void>> {
  if (era === 'legacy') {
    await client.subscribeResource({ uri: pattern });
    return () => client.unsubscribeResource({ uri: pattern }).then(() => undefined);
  }
  const subscription = await client.listen({ resourceSubscriptions: [pattern] });
  expect(subscription.honoredFilter).toEqual({ resourceSubscriptions: [pattern] });
  return () => subscription.close();
}

/** What announces a change to `path` under `pattern`: legacy names the note for a glob, modern the filter with the note in _meta. */
function isAnnouncement(era: Era, testCase: PatternCase): (entry: Received) => boolean {
  const uri = toVaultUri(testCase.edited);
  const exact = !/[*?[{]/.test(testCase.pattern);
  if (era === 'modern') return (entry) => entry.uri === testCase.pattern && entry.changed === uri;
  return (entry) => entry.uri === (exact ? testCase.pattern : uri);
}

describe.each(ERAS)('subscription patterns over the %s era', (era) => {
  test.each(CASES)('$pattern announces $edited and not $outside', async (testCase) => {
    const client = await harness.connect(era, harness.read);
    const received = record(client);
    const unsubscribe = await subscribe(client, era, testCase.pattern);
    const announced = isAnnouncement(era, testCase);
    // A legacy client opens its GET stream on its own after the handshake: edit until it is open.
    for (let attempt = 0; !received.some(announced); attempt += 1) {
      if (attempt === 20) throw new Error(`${testCase.pattern} was never announced`);
      await edit(testCase.outside);
      await edit(testCase.edited);
      await waitFor(() => received.some(announced), 250).catch(() => undefined);
    }
    // Notifications of one stream arrive in order: the outside edit's would have come first. (An
    // exact URI names itself, so there the unit tests pin that other notes are not announced.)
    expect(received.map((entry) => entry.changed ?? entry.uri)).not.toContain(toVaultUri(testCase.outside));
    await unsubscribe();
  });
});

test('a listen filter of more URIs than a legacy session may subscribe to is refused with -32602', async () => {
  const client = await harness.connect('modern', harness.read);
  const uris = Array.from({ length: MAX_SUBSCRIPTIONS + 1 }, (_, index) => `vault://n${index}.md`);
  const error: unknown = await client.listen({ resourceSubscriptions: uris }).catch((caught: unknown) => caught);
  expect(error).toMatchObject({ code: -32602, message: expect.stringContaining(`At most ${MAX_SUBSCRIPTIONS}`) as unknown });
  const accepted = await client.listen({ resourceSubscriptions: uris.slice(1) });
  expect(accepted.honoredFilter.resourceSubscriptions).toHaveLength(MAX_SUBSCRIPTIONS);
  await accepted.close();
});

describe.each(ERAS)('%s era: hostile subscription URIs (issue 14, item 9)', (era) => {
  it.each(['vault://../outside.md', 'vault://.indx/**', 'vault://Notes/../../etc/passwd', 'vault://.obsidian/app.json', 'vault://graph/backlinks/../x.md', 'vault://%2E%2E/secret.md'])('refuses %s with -32602 instead of a subscription that never fires', async (uri) => {
    const client = await harness.connect(era, harness.read);
    const error: unknown = await subscribe(client, era, uri).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: -32602, message: expect.stringContaining('outside the vault or a hidden folder') as unknown });
    // The client stays usable, and an ordinary subscription is still accepted.
    const unsubscribe = await subscribe(client, era, 'vault://Daily/**');
    await unsubscribe();
  });
});
