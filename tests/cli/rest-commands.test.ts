import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveVault, SERVED_FILES, type ServedVault } from '../server/http/server-harness';
import { isolatedEnvironment, printedError, runCli, type CliResult } from './run-cli';

/** The served vault plus a note whose name needs percent-encoding in a URL. */
const FILES = { ...SERVED_FILES, 'Projects/Café plan 100% + more.md': '# Plan\n\n#project/alpha [[Welcome]]\n' };

describe('operation commands over REST against a running server', () => {
  let served: ServedVault;
  let home: string;
  /** `indx args…` talking to the served vault with `token` (INDX_URL, INDX_TOKEN). */
  const indx = (args: string[], token: string | null = served.write): Promise<CliResult> =>
    runCli(args, isolatedEnvironment(home, { INDX_URL: served.server.url, ...(token === null ? {} : { INDX_TOKEN: token }) }));
  const json = <T>(result: CliResult): T => {
    expect([result.code, result.stderr]).toEqual([0, '']);
    return JSON.parse(result.stdout) as T;
  };

  beforeEach(async () => {
    served = await serveVault({ files: FILES });
    home = await mkdtemp(join(tmpdir(), 'indx-home-'));
  });

  afterEach(async () => {
    await served.dispose();
    await rm(home, { recursive: true, force: true });
  });

  it('prints the operation output the server answers, as pretty JSON, for a path that needs percent-encoding', async () => {
    const result = await indx(['note', 'get', 'Projects/Café plan 100% + more.md', '--include', 'body,outline']);
    const response = (await (await served.fetch(`/v1/notes/${encodeURIComponent('Projects/Café plan 100% + more.md')}?include=body,outline`)).json()) as { data: unknown };
    expect(json(result)).toEqual(response.data);
    expect(result.stdout).toMatch(/^\{\n {2}"path": "Projects\/Café plan 100% \+ more\.md",\n/);
  });

  it('gives the same output as the in-process CLI for reads (the REST request mirrors the route)', async () => {
    const commands = [
      ['link', 'backlinks', 'Welcome'],
      ['tag', 'notes', 'project'],
      ['note', 'list', '--path-glob', 'Projects/**', '--limit', '5'],
      ['note', 'outline', 'Welcome.md'],
      ['note', 'exists', 'Daily/2026-11-21'],
      ['note', 'exists', 'Nowhere'],
    ];
    for (const words of commands) {
      const remote = await indx(words);
      const local = await runCli([...words, '--vault', served.vault.root], isolatedEnvironment(home));
      expect([words, remote.code, JSON.parse(remote.stdout)]).toEqual([words, 0, JSON.parse(local.stdout)]);
    }
  });

  it('--ndjson prints one line per item of the list field, then the other fields', async () => {
    const result = await indx(['note', 'list', '--ndjson', '--limit', '2']);
    const lines = result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.path)).toEqual(['Daily/2026-11-21.md', 'Lonely.md', undefined]);
    expect(lines[2]).toEqual({ total: 4, next_cursor: expect.any(String) as unknown });
    const tags = await indx(['tag', 'list', '--ndjson']);
    expect(tags.stdout.trimEnd().split('\n').map((line) => (JSON.parse(line) as { tag: string }).tag)).toEqual(expect.arrayContaining(['start', 'journal/daily', 'project/alpha']));
    // note_read has several arrays (outline, links, backlinks): --ndjson is not offered.
    expect((await indx(['note', 'get', 'Welcome.md', '--ndjson'])).code).toBe(2);
  });

  it('--if-match sends If-Match: a stale ETag exits 4 and leaves the note, the current one writes', async () => {
    const before = await readFile(join(served.vault.root, 'Welcome.md'), 'utf8');
    const stale = await indx(['note', 'patch', 'Welcome.md', '--if-match', '0123456789abcdef', '--ops', '[{"op":"append_body","markdown":"late"}]']);
    expect([stale.code, printedError(stale).code]).toEqual([4, 'etag_mismatch']);
    expect(await readFile(join(served.vault.root, 'Welcome.md'), 'utf8')).toBe(before);
    const { etag } = json<{ etag: string }>(await indx(['note', 'get', 'Welcome.md']));
    const fresh = json<{ body: string }>(await indx(['note', 'patch', 'Welcome.md', '--if-match', etag, '--ops', '[{"op":"append_body","markdown":"on time"}]']));
    expect(fresh.body).toContain('on time');
    // PUT reads the current ETag first (RFC 9110): a stale tag on an update is 412 → exit 4 as well.
    expect((await indx(['note', 'update', 'Welcome.md', '--body', 'x', '--if-match', etag])).code).toBe(4);
  });

  it('--idempotency-key replays the stored response of a repeated write and refuses the key for another request', async () => {
    const first = json<{ created: boolean; etag: string }>(await indx(['note', 'update', 'Keyed.md', '--body', 'one', '--idempotency-key', 'key-1']));
    expect(first.created).toBe(true);
    await writeFile(join(served.vault.root, 'Keyed.md'), 'changed on disk\n');
    // Run again, the write would report created: false and overwrite the file; the replay does neither.
    expect(json(await indx(['note', 'update', 'Keyed.md', '--body', 'one', '--idempotency-key', 'key-1']))).toEqual(first);
    expect(await readFile(join(served.vault.root, 'Keyed.md'), 'utf8')).toBe('changed on disk\n');
    const reused = await indx(['note', 'update', 'Keyed.md', '--body', 'two', '--idempotency-key', 'key-1']);
    expect([reused.code, printedError(reused).code]).toEqual([4, 'idempotency_key_reused']);
  });

  it('--dry-run reaches the operation: tag rename reports the change and writes nothing', async () => {
    const result = json<{ dry_run: boolean; total_changes: number }>(await indx(['tag', 'rename', '--from', 'journal', '--to', 'diary', '--dry-run']));
    expect(result).toMatchObject({ dry_run: true, total_changes: 1 });
    expect(await readFile(join(served.vault.root, 'Daily/2026-11-21.md'), 'utf8')).toContain('#journal/daily');
    expect((await indx(['note', 'get', 'Welcome.md', '--dry-run'])).code).toBe(2);
  });

  it('exits 5 for a bad token, a missing token (with a hint) and a missing scope', async () => {
    const bad = await indx(['vault', 'status'], 'indx_not-a-real-token');
    expect([bad.code, printedError(bad).code]).toEqual([5, 'unauthorized']);
    const none = await indx(['vault', 'status'], null);
    expect([none.code, printedError(none).message]).toEqual([5, expect.stringContaining('pass --token-file FILE or set INDX_TOKEN') as unknown]);
    const reader = await indx(['note', 'delete', 'Lonely.md'], served.read);
    expect([reader.code, printedError(reader).code]).toEqual([5, 'forbidden']);
  });

  it('reads the token from --token-file and exits 2 when that file cannot be read', async () => {
    const file = join(home, 'token');
    await writeFile(file, `${served.admin}\n`);
    const environment = isolatedEnvironment(home, { INDX_URL: served.server.url });
    const config = await runCli(['vault', 'config', 'get', '--token-file', file], environment);
    expect(JSON.parse(config.stdout)).toHaveProperty('config');
    const missing = await runCli(['vault', 'status', '--token-file', join(home, 'absent')], environment);
    expect([missing.code, printedError(missing).code]).toEqual([2, 'invalid_input']);
  });

  it('maps not_found to 3 and an invalid path to 2, with the server\'s error on stderr', async () => {
    const missing = await indx(['link', 'backlinks', 'Nope.md']);
    expect([missing.code, printedError(missing).code]).toEqual([3, 'not_found']);
    const traversal = await indx(['note', 'get', '../outside.md']);
    expect([traversal.code, printedError(traversal).code]).toEqual([2, 'invalid_path']);
  });

  it('--summary prints the operation\'s one-line summary of the server\'s output', async () => {
    expect((await indx(['note', 'exists', 'Lonely', '--summary'])).stdout).toBe('Lonely.md exists.\n');
    expect((await indx(['vault', 'status', '--summary'])).stdout).toMatch(/^Vault "[^"]+": 4 notes, 4 files, 1 unresolved links\.\n$/);
  });

  it('--text prints what an MCP client shows a model: a note as a header line and its markdown', async () => {
    expect((await indx(['note', 'get', 'Lonely', '--text'])).stdout).toMatch(/^Lonely\.md \(etag [0-9a-f]{16}\)\n/);
  });
});

describe('operation commands when the server is unreachable or not indx', () => {
  let home: string;
  let other: Server;
  let otherUrl: string;

  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'indx-home-'));
    other = createServer((_request, response) => response.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>Bad gateway</h1>'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => other.close(resolve));
    await rm(home, { recursive: true, force: true });
  });

  it('exits 6 (server_unavailable) when nothing listens at --url, even with --vault', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const result = await runCli(['vault', 'status', '--url', url, '--vault', home], isolatedEnvironment(home));
    expect([result.code, printedError(result).code]).toEqual([6, 'server_unavailable']);
    expect(printedError(result).message).toContain(url);
  });

  it('maps a reply without the indx envelope by its status (502 → 6) and a malformed URL to 2', async () => {
    const proxied = await runCli(['vault', 'status'], isolatedEnvironment(home, { INDX_URL: otherUrl }));
    expect([proxied.code, printedError(proxied)]).toEqual([6, expect.objectContaining({ code: 'server_unavailable', details: { status: 502 } })]);
    const malformed = await runCli(['vault', 'status', '--url', 'localhost:27643'], isolatedEnvironment(home));
    expect([malformed.code, printedError(malformed).code]).toEqual([2, 'invalid_input']);
  });
});
