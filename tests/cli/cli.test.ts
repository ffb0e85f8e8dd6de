import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { locateStateDir } from '../../src/hosts/node/file-storage';
import { writeTempFolder } from '../helpers/temp-vault';
import { isolatedEnvironment, printedError, runCli, type CliResult } from './run-cli';

describe('the indx CLI as a child process', () => {
  let root: string;
  let home: string;
  /** `indx args…` with no server to find: every command runs in-process on --vault. */
  const indx = (args: string[]): Promise<CliResult> => runCli(args, isolatedEnvironment(home));

  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'indx-home-'));
    root = await writeTempFolder({
      'Notes/A.md': '---\ntags: [alpha]\nup: "[[B]]"\n---\n# A\n\nLinks to [[B#Part|bee]], [[missing]] and #inline/tag.\n',
      'B.md': '# B\n## Part\ntext\n',
    });
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(home, { recursive: true, force: true });
  });

  it('debug metadata prints {path, cachedMetadata, getAllTags, parseFrontMatterTags, resolvedLinks} per path, on a folder that is not a vault', async () => {
    const result = await indx(['debug', 'metadata', '--vault', root, 'Notes/A.md', 'B.md']);
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as Record<string, unknown>[];
    expect(printed.map((entry) => Object.keys(entry).sort())).toEqual([
      ['cachedMetadata', 'getAllTags', 'parseFrontMatterTags', 'path', 'resolvedLinks'],
      ['cachedMetadata', 'getAllTags', 'parseFrontMatterTags', 'path', 'resolvedLinks'],
    ]);
    expect(printed[0]).toMatchObject({
      path: 'Notes/A.md',
      getAllTags: ['#alpha', '#inline/tag'],
      parseFrontMatterTags: ['#alpha'],
      resolvedLinks: { 'B#Part': 'B.md', missing: null, B: 'B.md' },
    });
    expect((printed[1] as { cachedMetadata: { headings: unknown[] } }).cachedMetadata.headings).toHaveLength(2);
  });

  it('runs registry operations: note get, note patch, vault status', async () => {
    const read = await indx(['note', 'get', 'B', '--vault', root, '--include', 'body,outline']);
    expect(read.code).toBe(0);
    const note = JSON.parse(read.stdout) as { path: string; etag: string; outline: unknown[] };
    expect(note.path).toBe('B.md');
    const patched = await indx(['note', 'patch', 'B.md', '--vault', root, '--if-match', note.etag, '--ops', JSON.stringify([{ op: 'append_body', markdown: 'more' }])]);
    expect(patched.code).toBe(0);
    expect(await readFile(join(root, 'B.md'), 'utf8')).toBe('# B\n## Part\ntext\nmore\n');
    const status = await indx(['vault', 'status', '--vault', root, '--summary']);
    expect(status.stdout.trim()).toBe(`Vault "${root.split('/').pop() ?? ''}": 2 notes, 2 files, 1 unresolved links.`);
  });

  it("removes an atomic write's temporary file a crash left behind (older than 10 minutes), and keeps a fresh one (issue 14, item 9)", async () => {
    const old = join(root, 'Notes', '.A.md.0123456789ab.indx-tmp');
    const fresh = join(root, '.B.md.ba9876543210.indx-tmp');
    await writeFile(old, 'half a note');
    await writeFile(fresh, 'a write in flight');
    const longAgo = new Date(Date.now() - 11 * 60_000);
    await utimes(old, longAgo, longAgo);
    const status = await indx(['vault', 'status', '--vault', root, '--summary']);
    expect(status.code).toBe(0);
    expect(readdirSync(join(root, 'Notes'))).toEqual(['A.md']);
    expect(await readFile(fresh, 'utf8')).toBe('a write in flight');
  });

  it("removes the state folder's leftover temporary files when a command takes the write lock, and keeps a fresh one (issue 14, item 9)", async () => {
    const state = locateStateDir(root);
    await mkdir(join(state, 'search'), { recursive: true });
    const old = join(state, 'search', '.manifest.json.0123456789ab.indx-tmp');
    const fresh = join(state, '.tokens.json.ba9876543210.indx-tmp');
    await writeFile(old, 'half a manifest');
    await writeFile(fresh, 'a write in flight');
    const longAgo = new Date(Date.now() - 11 * 60_000);
    await utimes(old, longAgo, longAgo);
    // A read takes no lock and leaves the state folder alone.
    expect((await indx(['vault', 'status', '--vault', root, '--summary'])).code).toBe(0);
    expect(existsSync(old)).toBe(true);
    expect((await indx(['vault', 'config', 'set', '--vault', root, '--config', '{"access":{"write_enabled":true}}'])).code).toBe(0);
    expect(existsSync(old)).toBe(false);
    expect(await readFile(fresh, 'utf8')).toBe('a write in flight');
  });

  it('runs admin commands with nested words and the seed\'s --rebuild switch', async () => {
    const config = await indx(['vault', 'config', 'set', '--vault', root, '--config', '{"access":{"write_enabled":false}}']);
    expect(config.code).toBe(0);
    expect(JSON.parse(config.stdout)).toMatchObject({ config: { access: { write_enabled: false } } });
    expect((await indx(['vault', 'config', 'get', '--vault', root])).stdout).toContain('"write_enabled": false');
    const reindex = await indx(['vault', 'index', '--rebuild', '--vault', root, '--summary']);
    expect(reindex.stdout).toMatch(/^Reindexed 2 notes \(2 files\)/);
    expect((await indx(['vault', 'index', '--vault', root])).code).not.toBe(0);
  });

  it('searches with indx search, building and saving the index on the way', async () => {
    const result = await indx(['search', '--vault', root, '--q', 'text', '--mode', 'lexical']);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { results: { path: string }[] }).results.map((hit) => hit.path)).toEqual(['B.md']);
    // The one-shot command saved the index on close: the state folder holds its manifest and shards.
    expect(readdirSync(join(root, '.indx', 'search'))).toContain('manifest.json');
  });

  it('prints a stable error code on stderr and exits with its documented exit code', async () => {
    const missing = await indx(['note', 'get', 'Nope.md', '--vault', root]);
    expect([missing.code, printedError(missing).code]).toEqual([3, 'not_found']);
    const traversal = await indx(['note', 'get', '../x.md', '--vault', root]);
    expect([traversal.code, printedError(traversal).code]).toEqual([2, 'invalid_path']);
    const badJson = await indx(['note', 'patch', 'B.md', '--vault', root, '--ops', '[{']);
    expect([badJson.code, printedError(badJson).code]).toEqual([2, 'invalid_input']);
  });

  it('exits with 2 on command-line usage errors and 0 on --help, for groups and commands', async () => {
    expect((await indx(['note', 'get', 'B.md', '--vault', root, '--no-such-option'])).code).toBe(2);
    expect((await indx(['note', 'frobnicate'])).code).toBe(2);
    expect((await indx(['search', '--vault', root, '--mode', 'psychic'])).code).toBe(2);
    const group = await indx(['note', '--help']);
    expect(group.code).toBe(0);
    expect(group.stdout).toMatch(/\n {2}get \[options\] \[path\]/);
  });

  it('with no server running and no --vault exits 6 (server_unavailable) and says how to start one', async () => {
    const result = await indx(['vault', 'status']);
    expect(result.code).toBe(6);
    expect(printedError(result)).toMatchObject({ code: 'server_unavailable', message: expect.stringContaining('indx serve --vault DIR') as unknown });
  });

  it('runs on INDX_VAULT in-process, takes --dry-run from the schema, and refuses --idempotency-key without a server', async () => {
    const environment = isolatedEnvironment(home, { INDX_VAULT: root });
    const dryRun = await runCli(['tag', 'rename', '--from', 'alpha', '--to', 'beta', '--dry-run'], environment);
    expect(dryRun.code).toBe(0);
    expect(JSON.parse(dryRun.stdout)).toMatchObject({ dry_run: true, total_changes: 1 });
    expect(await readFile(join(root, 'Notes/A.md'), 'utf8')).toContain('tags: [alpha]');
    const keyed = await runCli(['note', 'update', 'C.md', '--body', 'x', '--idempotency-key', 'k1'], environment);
    expect([keyed.code, printedError(keyed).code]).toEqual([2, 'invalid_input']);
    expect(printedError(keyed).message).toContain('needs a running server');
    expect(readdirSync(root)).not.toContain('C.md');
  });

  it('--if-match with a stale ETag exits 4 (etag_mismatch) in-process too', async () => {
    const result = await indx(['note', 'delete', 'B.md', '--vault', root, '--if-match', '0123456789abcdef']);
    expect([result.code, printedError(result).code]).toEqual([4, 'etag_mismatch']);
    expect(readdirSync(root)).toContain('B.md');
  });

  it('prints the exit-code table in indx --help', async () => {
    const help = await indx(['--help']);
    expect(help.stdout).toContain('Exit codes');
    for (const line of [/^ {2}3 {2}not found \(not_found/m, /^ {2}4 .*etag_mismatch/m, /^ {2}5 .*unauthorized/m, /^ {2}6 .*server_unavailable/m, /^ {2}7 .*ai_quota_exceeded/m, /^ {2}8 .*ai_provider_error/m]) expect(help.stdout).toMatch(line);
  });
});
