import { setTimeout as delay } from 'node:timers/promises';
import { createMcpEndpoint } from '../../../src/server/mcp/create-mcp-endpoint';
import { runCli } from '../../cli/run-cli';
import { openRawSession, sendRaw } from '../mcp/raw-mcp';
import { serveVault, type ServedVault } from './server-harness';
import { SseReader } from './sse-reader';

/**
 * Issue 14, item 5: a token revoked by another process (`indx token revoke` rewriting
 * tokens.json) ended open streams only at the next keep-alive or sweep tick, ~12.5 s later. The
 * server now re-reads the token file twice a second: both kinds of stream end within a second
 * of the revoking command's exit, with keep-alives and session sweeps far away (60 s).
 */
describe('revocation by another process reaches open streams within a second', () => {
  let served: ServedVault;

  beforeAll(async () => {
    served = await serveVault({ eventsKeepAliveMs: 60_000, mcp: (deps) => createMcpEndpoint(deps, { sweepIntervalMs: 60_000 }) });
  });

  afterAll(async () => {
    await served.dispose();
  });

  /** A legacy MCP session's GET stream: resolves when the server ends it. */
  async function openMcpStream(token: string): Promise<{ ended: Promise<number> }> {
    const url = `${served.server.url}/mcp`;
    const session = await openRawSession(url, token);
    const response = await sendRaw(url, token, { method: 'GET', session });
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    const ended = (async () => {
      for (let chunk = await reader?.read(); chunk !== undefined && !chunk.done; chunk = await reader?.read());
      return Date.now();
    })().catch(() => Date.now());
    // Wrapped: an async function returning the promise itself would wait for the stream to end.
    return { ended };
  }

  it('ends the /v1/events stream and the MCP session stream of the revoked token, and no other', async () => {
    const events = new SseReader(await served.fetch('/v1/events?kinds=modify', { token: served.read }));
    const eventsEnded = events.ended().then(() => Date.now());
    const untouched = new SseReader(await served.fetch('/v1/events?kinds=modify', { token: served.write }));
    const mcpEnded = (await openMcpStream(served.read)).ended;
    const revoked = await runCli(['token', 'revoke', '--vault', served.vault.root, '--name', 'reader']);
    expect(revoked.code).toBe(0);
    const exited = Date.now();
    const [eventsAt, mcpAt] = await Promise.all([eventsEnded, mcpEnded]);
    expect({ events: eventsAt - exited < 1000, mcp: mcpAt - exited < 1000 }).toEqual({ events: true, mcp: true });
    expect(await Promise.race([untouched.ended().then(() => 'ended'), delay(700).then(() => 'open')])).toBe('open');
    expect((await served.fetch('/v1/vault/status', { token: served.read })).status).toBe(401);
  });
});
