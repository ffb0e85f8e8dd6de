import { execFile } from 'node:child_process';
import { promises as fs, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { TokenStore } from '../../src/core/auth/token-store';
import { ENGINE_VERSION } from '../../src/core/version';
import { FileStorage, locateStateDir } from '../../src/hosts/node/file-storage';
import { discoveryFolder, writeDiscovery } from '../../src/server/discovery/discovery-file';
import { createMcpEndpoint } from '../../src/server/mcp/create-mcp-endpoint';
import { startServer, type RunningServer } from '../../src/server/start-server';
import { openTempVault, type TempVault } from '../helpers/temp-vault';
import { CLI } from '../cli/run-cli';

// Every install and connect command the README shows a user is run here as the user runs it:
// verbatim, through a shell, in a throwaway HOME holding ~/MyVault, with `indx` on the PATH and
// the vault's server running (announced in ~/.indx/instances, as the plugin announces it).

const README = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');

/** The shell lines of the README's "Install" and "Connect your AI clients" sections, comments dropped. */
function userCommands(): string[] {
  const sections = README.slice(README.indexOf('\n## Install'), README.indexOf('\n## What indx does on your computer'));
  const blocks = [...sections.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  return blocks.flatMap((block) => block.split('\n')).map((line) => line.replace(/\s+#.*$/, '').trim()).filter((line) => line !== '');
}

const run = promisify(execFile);

let home: string;
let vault: TempVault;
let server: RunningServer;
let removeRecord: () => Promise<void>;

beforeAll(async () => {
  home = await fs.realpath(await fs.mkdtemp(join(tmpdir(), 'indx-readme-home-')));
  await fs.mkdir(join(home, 'bin'));
  await fs.writeFile(join(home, 'bin', 'indx'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} "$@"\n`, { mode: 0o755 });
  await fs.cp(resolve(__dirname, '../../demo-vault'), join(home, 'MyVault'), { recursive: true, filter: (source) => !/[/\\]\.(indx|trash)\b/.test(source) });
  vault = await openTempVault(join(home, 'MyVault'));
  const tokens = await TokenStore.load(new FileStorage(locateStateDir(vault.root)));
  server = await startServer({ engine: vault.engine, tokens, port: 0, mcp: createMcpEndpoint });
  removeRecord = await writeDiscovery({ version: 1, host: 'headless', url: server.url, port: server.port, vault_path: vault.root, vault_name: 'MyVault', pid: process.pid, started_at: new Date().toISOString() }, discoveryFolder({ INDX_HOME: join(home, '.indx') }));
});

afterAll(async () => {
  await removeRecord();
  await server.close();
  await vault.dispose();
  await fs.rm(home, { recursive: true, force: true });
});

async function shell(line: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: `${join(home, 'bin')}:${process.env.PATH ?? ''}`, HOME: home, XDG_CONFIG_HOME: join(home, '.config') };
  try {
    const { stdout, stderr } = await run('/bin/sh', ['-c', line], { cwd: home, env });
    return { code: 0, stdout, stderr };
  } catch (error: unknown) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the README install and connect commands', () => {
  it('are the ones this test knows how to check', () => {
    const kinds = userCommands().map((line) => /^(npm install --global|indx --version|indx token create|indx mcp install|indx mcp bundle|indx mcp status)\b/.exec(line)?.[1] ?? line);
    expect(new Set(kinds)).toEqual(new Set(['npm install --global', 'indx --version', 'indx token create', 'indx mcp install', 'indx mcp bundle', 'indx mcp status']));
    expect(userCommands().filter((line) => line.startsWith('indx mcp install')).map((line) => /-t (\S+)/.exec(line)?.[1])).toEqual(['claude-desktop', 'claude-code', 'cursor', 'codex', 'vscode']);
  });

  // The tarball itself is installed into an empty prefix by tests/release/tarball.test.ts.
  it('install the tarball the release builds for this version', () => {
    expect(userCommands().filter((line) => line.startsWith('npm install --global'))).toEqual([`npm install --global ./indx-mcp-${ENGINE_VERSION}.tgz`]);
  });

  it('run in order in a fresh HOME: the token file, every client entry (each checked working), the bundle, and status', async () => {
    for (const line of userCommands().filter((command) => !command.startsWith('npm '))) {
      const result = await shell(line);
      expect([line, result.code, result.stderr]).toEqual([line, 0, '']);
      if (line.startsWith('indx mcp install')) expect([line, result.stdout]).toEqual([line, expect.stringContaining('✓ working') as unknown]);
      // VS Code's entry asks VS Code for the token, which status cannot answer without INDX_TOKEN: not checked.
      if (line.startsWith('indx mcp status')) expect([line, result.stdout]).toEqual([line, expect.stringContaining('4 working, 0 failing') as unknown]);
      if (line.startsWith('indx mcp status')) expect(result.stdout).toContain('? VS Code (user): configured, not checked');
      if (line.startsWith('indx --version')) expect(result.stdout.trim()).toBe(ENGINE_VERSION);
    }
    expect((await fs.stat(join(home, '.indx-token'))).mode & 0o777).toBe(0o600);
    expect((await fs.readdir(home)).filter((name) => name.endsWith('.mcpb'))).toEqual(['indx-myvault.mcpb']);
  }, 120_000);
});
