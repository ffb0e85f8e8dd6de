import { setTimeout as delay } from 'node:timers/promises';
import { startMcpHarness, type McpHarness } from './mcp-harness';
import { INITIALIZE, openRawSession, sendRaw, TOOLS_LIST } from './raw-mcp';

// The sessionful 2025-11-25 leg, over raw HTTP: what a legacy client needs to recover
// (404 on an unknown session, so it re-initializes), DELETE, the idle sweep, token binding.

describe('legacy sessions', () => {
  let harness: McpHarness;

  beforeAll(async () => {
    harness = await startMcpHarness();
  });
  afterAll(() => harness.dispose());

  test('initialize returns a session id that later requests use', async () => {
    const session = await openRawSession(harness.url, harness.read);
    expect(session).toMatch(/^[\x21-\x7e]+$/);
    const response = await sendRaw(harness.url, harness.read, { body: TOOLS_LIST, session });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"note_read"');
  });

  test('an unknown session id is 404 with a JSON-RPC error, so the client re-initializes', async () => {
    const response = await sendRaw(harness.url, harness.read, { body: TOOLS_LIST, session: 'no-such-session' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });
  });

  test('a request without a session that is not initialize is 400', async () => {
    const response = await sendRaw(harness.url, harness.read, { body: TOOLS_LIST });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
  });

  test('a GET without a session is 400', async () => {
    const response = await sendRaw(harness.url, harness.read, { method: 'GET' });
    expect(response.status).toBe(400);
    await response.text();
  });

  test('a session is bound to its token: another token presenting the id gets 404', async () => {
    const session = await openRawSession(harness.url, harness.read);
    const response = await sendRaw(harness.url, harness.write, { body: TOOLS_LIST, session });
    expect(response.status).toBe(404);
    await response.text();
    const owner = await sendRaw(harness.url, harness.read, { body: TOOLS_LIST, session });
    expect(owner.status).toBe(200);
    await owner.text();
  });

  test('DELETE ends the session; the id is then unknown', async () => {
    const session = await openRawSession(harness.url, harness.read);
    const deleted = await sendRaw(harness.url, harness.read, { method: 'DELETE', session });
    expect(deleted.status).toBe(200);
    await deleted.text();
    const after = await sendRaw(harness.url, harness.read, { body: TOOLS_LIST, session });
    expect(after.status).toBe(404);
    await after.text();
  });
});

describe('the idle sweep', () => {
  // Session ages run on a clock the test moves, so a slow machine cannot age a session that is
  // working; real time only has to pass for the sweeper's next tick.
  const IDLE_MS = 60_000;
  const SWEEP_MS = 10;
  let now = 1_000_000;
  let harness: McpHarness;

  beforeAll(async () => {
    harness = await startMcpHarness({ endpoint: { sessionIdleMs: IDLE_MS, sweepIntervalMs: SWEEP_MS, clock: () => now } });
  });
  afterAll(() => harness.dispose());

  /** Moves the clock, then lets the sweeper run a few times. */
  async function age(ms: number): Promise<void> {
    now += ms;
    await delay(SWEEP_MS * 5);
  }

  test('closes a session idle for longer than the TTL (404 afterwards)', async () => {
    const session = await openRawSession(harness.url, harness.read);
    await age(IDLE_MS + 1);
    const response = await sendRaw(harness.url, harness.read, { body: TOOLS_LIST, session });
    expect(response.status).toBe(404);
    await response.text();
  });

  test('keeps a session idle for less than the TTL', async () => {
    const session = await openRawSession(harness.url, harness.read);
    await age(IDLE_MS - 1);
    const response = await sendRaw(harness.url, harness.read, { body: TOOLS_LIST, session });
    expect(response.status).toBe(200);
    await response.text();
  });

  test('keeps a session that keeps working', async () => {
    const session = await openRawSession(harness.url, harness.read);
    for (let step = 0; step < 6; step += 1) {
      await age(IDLE_MS / 2);
      const response = await sendRaw(harness.url, harness.read, { body: TOOLS_LIST, session });
      expect(response.status).toBe(200);
      await response.text();
    }
  });

  test('keeps a session whose client listens on its notification stream, until the stream closes', async () => {
    const session = await openRawSession(harness.url, harness.read);
    const stream = new AbortController();
    // The stream counts once its response has started: the server has registered it by then.
    const listening = await sendRaw(harness.url, harness.read, { method: 'GET', session, signal: stream.signal });
    expect(listening.status).toBe(200);
    await age(IDLE_MS * 3);
    const response = await sendRaw(harness.url, harness.read, { body: TOOLS_LIST, session });
    expect(response.status).toBe(200);
    await response.text();
    stream.abort();
    // The server learns of the closed stream asynchronously; from then on the session ages.
    let status = 200;
    for (let attempt = 0; status === 200 && attempt < 100; attempt += 1) {
      await age(IDLE_MS + 1);
      const after = await sendRaw(harness.url, harness.read, { body: TOOLS_LIST, session });
      await after.text();
      status = after.status;
    }
    expect(status).toBe(404);
  });
});

describe('sessions per token', () => {
  const CAP = 2;
  let harness: McpHarness;

  beforeAll(async () => {
    harness = await startMcpHarness({ endpoint: { maxSessionsPerToken: CAP } });
  });
  afterAll(() => harness.dispose());

  async function statusOf(session: string): Promise<number> {
    const response = await sendRaw(harness.url, harness.read, { body: TOOLS_LIST, session });
    await response.text();
    return response.status;
  }

  /** Opens the session's GET notification stream; abort the controller to close it. */
  async function openStream(session: string, controller: AbortController): Promise<void> {
    const response = await sendRaw(harness.url, harness.read, { method: 'GET', session, signal: controller.signal });
    expect(response.status).toBe(200);
  }

  // Issue 14, item 8: closing the least recently used idle session gave another client sharing
  // the token a 404 between two of its calls. The newest initialize is refused instead.
  test('one initialize past the cap is refused with 429; every open session keeps working, other tokens are not counted', async () => {
    const first = await openRawSession(harness.url, harness.read);
    const second = await openRawSession(harness.url, harness.read);
    const other = await openRawSession(harness.url, harness.write);
    const refused = await sendRaw(harness.url, harness.read, { body: INITIALIZE });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringContaining('Too many sessions') as unknown, data: { code: 'rate_limited', details: { max_sessions: CAP } } } });
    expect([await statusOf(first), await statusOf(second)]).toEqual([200, 200]);
    const response = await sendRaw(harness.url, harness.write, { body: TOOLS_LIST, session: other });
    expect(response.status).toBe(200);
    await response.text();
    // A session that ends (DELETE) frees its slot at once.
    await (await sendRaw(harness.url, harness.read, { method: 'DELETE', session: first })).text();
    const third = await openRawSession(harness.url, harness.read);
    expect([await statusOf(second), await statusOf(third)]).toEqual([200, 200]);
    for (const session of [second, third]) await (await sendRaw(harness.url, harness.read, { method: 'DELETE', session })).text();
    await (await sendRaw(harness.url, harness.write, { method: 'DELETE', session: other })).text();
  });

  test('listening sessions count the same: refused with 429, nothing closed', async () => {
    const sessions = [await openRawSession(harness.url, harness.read), await openRawSession(harness.url, harness.read)];
    const streams = new AbortController();
    for (const session of sessions) await openStream(session, streams);
    const refused = await sendRaw(harness.url, harness.read, { body: INITIALIZE });
    expect(refused.status).toBe(429);
    await refused.text();
    expect([await statusOf(sessions[0] ?? ''), await statusOf(sessions[1] ?? '')]).toEqual([200, 200]);
    streams.abort();
    for (const session of sessions) await (await sendRaw(harness.url, harness.read, { method: 'DELETE', session })).text();
  });});
