import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as delay } from 'node:timers/promises';
import type { Client } from '@modelcontextprotocol/client';
import { TokenStore } from '../../../src/core/auth/token-store';
import { waitFor } from '../../helpers/temp-vault';
import { startMcpHarness, type McpHarness } from './mcp-harness';
import { openRawSession, sendRaw } from './raw-mcp';

// A revoked token keeps no stream: its legacy sessions are closed (GET stream included) and its
// modern subscriptions/listen streams ended, whether the token was revoked in this process
// (the token store's onRevoked) or by another one rewriting tokens.json (seen on a sweep tick).

const UPDATED = '"notifications/resources/updated"';

/** A legacy session's GET notification stream read by hand: its text so far, and its end. */
interface RawStream {
  text(): string;
  ended: Promise<void>;
}

async function openLegacyStream(harness: McpHarness, token: string): Promise<RawStream> {
  const session = await openRawSession(harness.url, token);
  const subscribe = { jsonrpc: '2.0', id: 3, method: 'resources/subscribe', params: { uri: 'vault://**' } };
  expect((await sendRaw(harness.url, token, { body: subscribe, session })).status).toBe(200);
  const response = await sendRaw(harness.url, token, { method: 'GET', session });
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const ended = (async () => {
    for (let chunk = await reader?.read(); chunk !== undefined && !chunk.done; chunk = await reader?.read()) text += decoder.decode(chunk.value, { stream: true });
  })().catch(() => undefined);
  return { text: () => text, ended };
}

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

/** Rejects when `promise` takes longer than `ms`. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe.each([
  ['by another process (tokens.json rewritten), noticed on a sweep tick', 50, (harness: McpHarness) => TokenStore.load(harness.vault.engine.storage).then((other) => other.revoke('reader'))],
  ['in this process (the token store announces it)', 600_000, (harness: McpHarness) => harness.tokens.revoke('reader')],
])('a token revoked %s', (_how, sweepIntervalMs, revoke) => {
  let harness: McpHarness;
  let writer: Client;
  let edits = 0;
  /** Changes the writer's own listen stream has announced. */
  const announced: unknown[] = [];

  beforeAll(async () => {
    harness = await startMcpHarness({ endpoint: { sweepIntervalMs } });
    writer = await harness.connect('modern', harness.write);
    writer.setNotificationHandler('notifications/resources/updated', (notification) => void announced.push(notification.params.uri));
    await writer.listen({ resourceSubscriptions: ['vault://**'] });
  });
  afterAll(() => harness.dispose());

  async function edit(): Promise<void> {
    edits += 1;
    expect((await writer.callTool({ name: 'note_write', arguments: { path: 'Daily/2026-11-21.md', body: `# Edit ${edits}\n` } })).isError).not.toBe(true);
  }

  test('loses its legacy GET stream and its listen stream; a later change reaches neither', async () => {
    const legacy = await openLegacyStream(harness, harness.read);
    const modern = await harness.connect('modern', harness.read);
    const received: string[] = [];
    modern.setNotificationHandler('notifications/resources/updated', (notification) => void received.push(notification.params.uri));
    const subscription = await modern.listen({ resourceSubscriptions: ['vault://**'] });
    // Both streams deliver before the revocation.
    await edit();
    await waitFor(() => received.length > 0 && count(legacy.text(), UPDATED) > 0, 2000);

    await revoke(harness);
    await within(legacy.ended, 3000, 'the end of the legacy GET stream');
    expect(await within(subscription.closed, 3000, 'the end of the listen stream')).toBe('remote');

    const before = { legacy: legacy.text(), modern: [...received], writer: announced.length };
    await edit();
    // Every stream is sent a change at once: when the writer's arrives, the others' would have.
    await waitFor(() => announced.length > before.writer, 2000);
    await delay(50);
    expect(legacy.text()).toBe(before.legacy);
    expect(received).toEqual(before.modern);
    await subscription.close();
  });

  test('the other token keeps its streams', async () => {
    const legacy = await openLegacyStream(harness, harness.write);
    const seen = count(legacy.text(), UPDATED);
    for (let attempt = 0; count(legacy.text(), UPDATED) === seen; attempt += 1) {
      if (attempt === 20) throw new Error('the writer stream never delivered');
      await edit();
      await waitFor(() => count(legacy.text(), UPDATED) > seen, 250).catch(() => undefined);
    }
  });
});
