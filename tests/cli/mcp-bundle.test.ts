import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { discoveryFolder, findDiscovery, writeDiscovery } from '../../src/server/discovery/discovery-file';
import { claudeDesktopLaunch, connectToLaunch, listFiles, runMcpb, toSpawnOptions, type LaunchConfig } from './mcpb-harness';
import { isolatedEnvironment, printedError, runCli } from './run-cli';
import { startShimServer, type ShimServer } from './shim-harness';

/** The relay the build embeds in every bundle. */
const RELAY = resolve(__dirname, '../../packages/indx-mcp/dist/relay.js');

interface BundleReport {
  path: string;
  bytes: number;
  vault: string | null;
  version: string;
}

interface Manifest {
  name: string;
  server: { type: string; entry_point: string; mcp_config: LaunchConfig };
  user_config: Record<string, Record<string, unknown>>;
}

describe('indx mcp bundle: a Claude Desktop extension (.mcpb) that reaches the running server', () => {
  let server: ShimServer;
  let work: string;
  /** The unpacked bundle written with --vault. */
  let unpacked: string;
  let vault: string;

  /** Writes a bundle with `indx mcp bundle … --json` and unpacks it with the official tool. */
  async function writeAndUnpack(name: string, args: string[]): Promise<{ report: BundleReport; file: string; folder: string }> {
    const file = join(work, `${name}.mcpb`);
    const written = await runCli(['mcp', 'bundle', ...args, '-o', file, '--json'], isolatedEnvironment(server.home));
    expect(written).toMatchObject({ code: 0, stderr: '' });
    const folder = join(work, name);
    const unpack = await runMcpb(['unpack', file, folder]);
    expect(unpack).toMatchObject({ code: 0 });
    return { report: JSON.parse(written.stdout) as BundleReport, file, folder };
  }

  /** A home folder whose `~/.indx/instances` holds the discovery records of `servers`, as their servers write them. */
  async function homeWithRecords(servers: ShimServer[]): Promise<string> {
    const home = await mkdtemp(join(work, 'home-'));
    for (const running of servers) {
      const record = await findDiscovery(running.vault.root, discoveryFolder({ INDX_HOME: running.home }));
      if (record === null) throw new Error(`no discovery record for ${running.vault.root}`);
      await writeDiscovery(record, join(home, '.indx', 'instances'));
    }
    return home;
  }

  const readManifest = async (folder: string): Promise<Manifest> => JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as Manifest;

  beforeAll(async () => {
    server = await startShimServer();
    vault = realpathSync(server.vault.root);
    work = await mkdtemp(join(tmpdir(), 'indx-bundle-'));
    unpacked = (await writeAndUnpack('with-vault', ['--vault', server.vault.root])).folder;
  });

  afterAll(async () => {
    await server.dispose();
    await rm(work, { recursive: true, force: true });
  });

  it('writes a zip the official mcpb tool unpacks and validates: a manifest and a relay under 100 KB, no token', async () => {
    const file = join(work, 'checked.mcpb');
    const written = await runCli(['mcp', 'bundle', '--vault', server.vault.root, '-o', file, '--json'], isolatedEnvironment(server.home));
    expect(written.code).toBe(0);
    const report = JSON.parse(written.stdout) as BundleReport;
    const bytes = await readFile(file);
    expect(report).toEqual({ path: file, bytes: bytes.length, vault, version: expect.stringMatching(/^\d+\.\d+\.\d+/) as unknown });
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    expect((await stat(file)).mode & 0o777).toBe(0o644);
    const folder = join(work, 'checked');
    expect(await runMcpb(['unpack', file, folder])).toMatchObject({ code: 0 });
    const validated = await runMcpb(['validate', folder]);
    expect(validated).toMatchObject({ code: 0, stdout: expect.stringContaining('Manifest schema validation passes!') as unknown });
    expect(await listFiles(folder)).toEqual(['manifest.json', 'server/relay.js']);
    const relay = await readFile(join(folder, 'server/relay.js'), 'utf8');
    expect(relay).toBe(await readFile(RELAY, 'utf8'));
    expect(Buffer.byteLength(relay)).toBeLessThan(100 * 1024);
    // Security: the vault has a token (the server's "writer"); the bundle holds none, the user enters it.
    const manifestText = await readFile(join(folder, 'manifest.json'), 'utf8');
    for (const text of [manifestText, relay, bytes.toString('latin1')]) expect(text).not.toContain(server.write);
    // The same input gives the same bytes (fixed zip times): a rebuilt bundle is not a "new" file.
    expect(bytes.equals(await readFile(join(work, 'with-vault.mcpb')))).toBe(true);
  });

  it('declares a sensitive, required token, an optional vault folder defaulting to the vault, and runs the relay with node', async () => {
    const manifest = await readManifest(unpacked);
    expect(manifest).toMatchObject({ manifest_version: '0.2', name: `indx-${basename(vault).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')}`, display_name: `indx: ${basename(vault)}` });
    expect(manifest.user_config).toEqual({
      token: expect.objectContaining({ type: 'string', sensitive: true, required: true }) as unknown,
      vault: expect.objectContaining({ type: 'directory', required: false, default: vault }) as unknown,
    });
    expect(manifest.server).toEqual({
      type: 'node',
      entry_point: 'server/relay.js',
      mcp_config: { command: 'node', args: ['${__dirname}/server/relay.js', '--vault', '${user_config.vault}'], env: { INDX_TOKEN: '${user_config.token}' } },
    });
  });

  it('starts the way Claude Desktop starts it and serves the vault through the running server', async () => {
    const home = await homeWithRecords([server]);
    const launch = await claudeDesktopLaunch(unpacked, { token: server.write }, home);
    expect(launch).toEqual({ command: 'node', args: [join(unpacked, 'server/relay.js'), '--vault', vault], env: { INDX_TOKEN: server.write } });
    // Without the required token Claude Desktop starts nothing.
    expect(await claudeDesktopLaunch(unpacked, {}, home)).toBeNull();
    // No INDX_HOME: the relay finds the record where servers write it by default, ~/.indx/instances.
    const { client, stderr } = await connectToLaunch(launch as LaunchConfig, { HOME: home });
    try {
      expect(client.getServerVersion()?.name).toBeDefined();
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['note_read', 'vault_search']));
      const read = await client.callTool({ name: 'note_read', arguments: { path: 'Welcome.md' } });
      expect(read.isError).not.toBe(true);
      expect(read.structuredContent).toMatchObject({ path: 'Welcome.md', frontmatter: { tags: ['start'] } });
      expect(stderr()).toBe('');
    } finally {
      await client.close();
    }
  });

  it('finds the only running server when the vault setting is left empty (its placeholder reaches the relay)', async () => {
    const home = await homeWithRecords([server]);
    const launch = await claudeDesktopLaunch(unpacked, { token: server.write, vault: '' }, home);
    expect(launch?.args).toEqual([join(unpacked, 'server/relay.js'), '--vault', '${user_config.vault}']);
    const { client } = await connectToLaunch(launch as LaunchConfig, { HOME: home });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('note_read');
    } finally {
      await client.close();
    }
  });

  it('answers a tool call at once with an error naming both vaults when two servers run and none is chosen', async () => {
    const second = await startShimServer();
    try {
      const { report, folder } = await writeAndUnpack('any-vault', []);
      expect(report.vault).toBeNull();
      const manifest = await readManifest(folder);
      expect(manifest.name).toBe('indx');
      expect(manifest.user_config.vault).not.toHaveProperty('default');
      const home = await mkdtemp(join(work, 'home-'));
      const launch = await claudeDesktopLaunch(folder, { token: server.write }, home);
      expect(launch?.args).toEqual([join(folder, 'server/relay.js'), '--vault', '${user_config.vault}']);
      const indxHome = await homeWithRecords([server, second]);
      const spawnOptions = toSpawnOptions(launch as LaunchConfig, { HOME: home, INDX_HOME: join(indxHome, '.indx') });
      const relay = spawn(spawnOptions.command, spawnOptions.args, { env: spawnOptions.env, stdio: ['pipe', 'pipe', 'pipe'] });
      const exited = new Promise<number | null>((done) => relay.once('exit', (code) => done(code)));
      const lines = createInterface({ input: relay.stdout })[Symbol.asyncIterator]();
      const started = Date.now();
      relay.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'note_read', arguments: { path: 'Welcome.md' } } })}\n`);
      const answer = JSON.parse(((await lines.next()).value as string | undefined) ?? 'null') as { id: number; error: { code: number; message: string; data: { code: string } } };
      // The relay waits up to 10 s for a server that is not there; here no wait can help.
      expect(Date.now() - started).toBeLessThan(5000);
      expect(answer).toMatchObject({ id: 7, error: { code: -32000, data: { code: 'server_unavailable' } } });
      expect(answer.error.message).toContain(vault);
      expect(answer.error.message).toContain(realpathSync(second.vault.root));
      expect(answer.error.message).toContain('--vault');
      relay.stdin.end();
      expect(await exited).toBe(0);
    } finally {
      await second.dispose();
    }
  });

  it('refuses a vault folder that does not exist, writing nothing', async () => {
    const file = join(work, 'missing.mcpb');
    const result = await runCli(['mcp', 'bundle', '--vault', join(work, 'no-such-vault'), '-o', file, '--json'], isolatedEnvironment(server.home));
    expect(result.code).toBe(3);
    expect(printedError(result)).toMatchObject({ code: 'not_found' });
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
