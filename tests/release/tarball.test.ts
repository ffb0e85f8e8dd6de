import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ensureProductionBuild, packageVersion, runProcess } from './release-harness';
import { copyDemoVault, makeWorkFolder, packAndInstall, startServe, stopProcess, type InstallSite } from './installed-cli';

// The npm package as a user gets it: `npm pack` of packages/indx-mcp, installed globally into an
// empty prefix with no repository around and no registry, then run as the installed `indx`.
// MCP goes through the v1 SDK client, the one released MCP clients ship.

const version = packageVersion();
let work: string;
let site: InstallSite;
let vault: string;

beforeAll(async () => {
  work = await makeWorkFolder();
  await ensureProductionBuild();
  site = await packAndInstall(work);
  vault = await copyDemoVault(work);
}, 120_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** The files of the installed package, relative to its folder, sorted. */
async function installedFiles(): Promise<string[]> {
  const folder = join(site.prefix, 'lib', 'node_modules', 'indx-mcp');
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1)).sort();
}

test('the tarball holds the launcher, the bundled CLI (no source maps), README, LICENSE and package.json only', async () => {
  const shipped = ['LICENSE', 'README.md', 'bin/indx.js', 'package.json'];
  expect(site.packed).toEqual(expect.arrayContaining([...shipped, 'dist/cli.js', 'dist/cli-runtime.js']));
  expect(site.packed.filter((path) => !shipped.includes(path) && !/^dist\/[\w-]+\.js$/.test(path))).toEqual([]);
  expect(await installedFiles()).toEqual(site.packed);
  expect(await readFile(join(site.prefix, 'lib', 'node_modules', 'indx-mcp', 'dist', 'cli.js'), 'utf8')).not.toMatch(/^\/\/# sourceMappingURL=/m);
});

test('the README tells npm users to install the release tarball (the name is not published yet)', async () => {
  const readme = await readFile(join(site.prefix, 'lib', 'node_modules', 'indx-mcp', 'README.md'), 'utf8');
  expect(readme).toContain('npm install -g ./indx-mcp-<version>.tgz');
  expect(readme).not.toMatch(/npx\s+(-y\s+)?indx-mcp/);
});

test('indx --version prints the package version', async () => {
  const result = await runProcess(site.command, ['--version'], { cwd: site.outside, env: site.env });
  expect(result).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
});

test('indx serve answers REST and MCP (Streamable HTTP) on 127.0.0.1 with its --new-token token', async () => {
  const { child, printed } = await startServe(site, ['serve', '--vault', vault, '--port', '0', '--new-token', 't']);
  try {
    const url = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(printed)?.[0] ?? '';
    const token = /"Authorization": "Bearer ([^"<>]+)"/.exec(printed)?.[1] ?? '';
    expect([url, token]).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/), expect.stringMatching(/^indx_/)]);
    const headers = { Authorization: `Bearer ${token}` };
    const status = await fetch(new URL('/v1/vault/status', url), { headers });
    expect([status.status, await status.json()]).toEqual([200, expect.objectContaining({ ok: true, data: expect.objectContaining({ name: 'demo-vault', version }) as unknown })]);
    expect((await fetch(new URL('/v1/vault/status', url))).status).toBe(401);
    const client = new Client({ name: 'tarball-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
    try {
      expect(client.getServerVersion()).toMatchObject({ version });
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['vault_status', 'note_read', 'vault_search']));
    } finally {
      await client.close();
    }
  } finally {
    expect(await stopProcess(child)).toBe(0);
  }
});

test('indx mcp serve --stdio --vault, with no server running, serves the vault itself', async () => {
  const transport = new StdioClientTransport({ command: site.command, args: ['mcp', 'serve', '--stdio', '--vault', vault], cwd: site.outside, env: { ...getDefaultEnvironment(), ...site.env }, stderr: 'pipe' });
  const client = new Client({ name: 'tarball-test', version: '1.0.0' });
  try {
    await client.connect(transport);
    expect(client.getServerVersion()).toMatchObject({ version });
    const result = await client.callTool({ name: 'vault_status', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ name: 'demo-vault', version, bases: 1, canvases: 1 });
  } finally {
    await client.close();
  }
});
