import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { TokenStore } from '../../src/core/auth/token-store';
import { writeVaultConfig } from '../../src/core/config/vault-config';
import { FileStorage } from '../../src/hosts/node/file-storage';
import { startServer } from '../../src/server/start-server';
import { openTempVault, writeTempFolder } from '../helpers/temp-vault';
import { runCli } from './run-cli';

describe('indx token create|list|revoke as child processes', () => {
  let root: string;

  beforeEach(async () => {
    root = await writeTempFolder({ 'A.md': '# A\n' });
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('create --json prints exactly {name, token, scopes}; the tokens file holds only a hash', async () => {
    const created = await runCli(['token', 'create', '--vault', root, '--name', 'agent', '--scopes', 'vault:read,vault:write', '--json']);
    expect(created.code).toBe(0);
    const printed = JSON.parse(created.stdout) as { name: string; token: string; scopes: string[] };
    expect(Object.keys(printed)).toEqual(['name', 'token', 'scopes']);
    expect(printed).toEqual({ name: 'agent', token: expect.stringMatching(/^indx_[A-Za-z0-9_-]{43}$/) as unknown, scopes: ['vault:read', 'vault:write'] });
    const file = await readFile(join(root, '.indx', 'tokens.json'), 'utf8');
    expect(file).not.toContain(printed.token.slice('indx_'.length));
    expect(file).toContain('"hash": "sha256:');
  });

  it('create --token-file saves the secret in a new private file, prints no secret, and never overwrites a file', async () => {
    const tokenFile = join(root, 'secrets', 'agent.token');
    const created = await runCli(['token', 'create', '--vault', root, '--name', 'agent', '--scopes', 'vault:read', '--token-file', tokenFile]);
    expect(created.code).toBe(0);
    const secret = (await readFile(tokenFile, 'utf8')).trim();
    expect(secret).toMatch(/^indx_[A-Za-z0-9_-]{43}$/);
    expect((await stat(tokenFile)).mode & 0o777).toBe(0o600);
    expect(created.stdout).toContain(`Saved its secret in ${tokenFile}`);
    expect(created.stdout).not.toContain(secret);
    const store = await TokenStore.load(new FileStorage(join(root, '.indx')));
    expect(await store.verify(secret)).toEqual({ name: 'agent', scopes: ['vault:read'] });
    const again = await runCli(['token', 'create', '--vault', root, '--name', 'other', '--scopes', 'vault:read', '--token-file', tokenFile, '--json']);
    expect(again.code).toBe(4);
    expect(JSON.parse(again.stderr)).toMatchObject({ error: { code: 'already_exists' } });
    expect((await readFile(tokenFile, 'utf8')).trim()).toBe(secret);
    expect((await store.list()).map((token) => token.name)).toEqual(['agent']);
  });

  it('says what to do when tokens.json is a folder, instead of a bare EISDIR (issue 14, item 9)', async () => {
    await mkdir(join(root, '.indx', 'tokens.json'), { recursive: true });
    const listed = await runCli(['token', 'list', '--vault', root, '--json']);
    expect(listed.code).toBe(4);
    const { error } = JSON.parse(listed.stderr) as { error: { code: string; message: string; details: Record<string, unknown> } };
    expect(error).toMatchObject({ code: 'conflict', details: { errno: 'EISDIR', file: join(root, '.indx', 'tokens.json') } });
    expect(error.message).toContain('is a folder, not a file. Move it away (indx creates the file again, empty) and retry.');
  });

  it('prints the secret once in text mode, lists without secrets, and revokes', async () => {
    const created = await runCli(['token', 'create', '--vault', root, '--name', 'reader', '--scopes', 'vault:read']);
    expect(created.stdout).toMatch(/^Created token "reader" \(vault:read\)\. Copy it now; it is not shown again:\n\n {2}indx_[A-Za-z0-9_-]{43}\n/);
    const secret = /indx_[A-Za-z0-9_-]{43}/.exec(created.stdout)?.[0] ?? '';
    const listed = await runCli(['token', 'list', '--vault', root, '--json']);
    expect(JSON.parse(listed.stdout)).toEqual([{ name: 'reader', scopes: ['vault:read'], created: expect.any(String) as unknown, last_used: null }]);
    const table = await runCli(['token', 'list', '--vault', root]);
    expect(table.stdout.split('\n')[0]).toMatch(/^NAME\s+SCOPES\s+TOOLS\s+CREATED\s+LAST USED$/);
    expect(table.stdout).not.toContain(secret);
    expect((await runCli(['token', 'revoke', '--vault', root, '--name', 'reader'])).stdout).toBe('Revoked token "reader".\n');
    expect(JSON.parse((await runCli(['token', 'list', '--vault', root, '--json'])).stdout)).toEqual([]);
  });

  it('--profile and --tools limit a token; the limit is listed and stored; unknown profiles and tools are refused', async () => {
    const core = await runCli(['token', 'create', '--vault', root, '--name', 'core', '--scopes', 'vault:read,vault:write', '--profile', 'core', '--json']);
    expect(JSON.parse(core.stdout)).toMatchObject({ name: 'core', tools: expect.arrayContaining(['note_read', 'note_patch', 'vault_search']) as unknown });
    await writeVaultConfig(new FileStorage(join(root, '.indx')), { access: { tool_profiles: { research: ['vault_search', 'note_read'] } } });
    const custom = await runCli(['token', 'create', '--vault', root, '--name', 'research', '--scopes', 'vault:read', '--profile', 'research']);
    expect(custom.stdout).toMatch(/^Created token "research" \(vault:read, limited to 2 tools: note_read, vault_search\)\./);
    const listed = JSON.parse((await runCli(['token', 'list', '--vault', root, '--json'])).stdout) as { name: string; tools?: string[] }[];
    expect(listed.map((token) => [token.name, token.tools?.length])).toEqual([['core', 10], ['research', 2]]);
    expect((await runCli(['token', 'list', '--vault', root])).stdout).toMatch(/\nresearch\s+vault:read\s+note_read,vault_search\s/);
    const unknownProfile = await runCli(['token', 'create', '--vault', root, '--name', 'x', '--scopes', 'vault:read', '--profile', 'nope']);
    expect([unknownProfile.code, JSON.parse(unknownProfile.stderr)]).toEqual([2, { error: expect.objectContaining({ code: 'invalid_input', message: expect.stringContaining('full, core, research') as unknown }) as unknown }]);
    const unknownTool = await runCli(['token', 'create', '--vault', root, '--name', 'y', '--scopes', 'vault:read', '--tools', 'note_read,note_eat']);
    expect([unknownTool.code, JSON.parse(unknownTool.stderr)]).toEqual([2, { error: expect.objectContaining({ code: 'invalid_input', message: expect.stringContaining('"note_eat"') as unknown }) as unknown }]);
  });

  it('fails with stable codes: duplicate name, unknown scope, unknown token, missing vault', async () => {
    await runCli(['token', 'create', '--vault', root, '--name', 'one', '--scopes', 'vault:read']);
    const duplicate = await runCli(['token', 'create', '--vault', root, '--name', 'one', '--scopes', 'vault:read']);
    expect([duplicate.code, JSON.parse(duplicate.stderr)]).toEqual([4, { error: expect.objectContaining({ code: 'already_exists' }) as unknown }]);
    const scope = await runCli(['token', 'create', '--vault', root, '--name', 'two', '--scopes', 'vault:everything']);
    expect([scope.code, JSON.parse(scope.stderr)]).toEqual([2, { error: expect.objectContaining({ code: 'invalid_input' }) as unknown }]);
    const unknown = await runCli(['token', 'revoke', '--vault', root, '--name', 'ghost']);
    expect([unknown.code, JSON.parse(unknown.stderr)]).toEqual([3, { error: expect.objectContaining({ code: 'not_found' }) as unknown }]);
    const missing = await runCli(['token', 'list', '--vault', join(root, 'nope')]);
    expect([missing.code, JSON.parse(missing.stderr)]).toEqual([3, { error: expect.objectContaining({ code: 'not_found' }) as unknown }]);
  });

  it('a token created by the CLI works on a running server at once, and stops working once revoked', async () => {
    const vault = await openTempVault(root);
    const tokens = await TokenStore.load(vault.engine.storage, { refreshMs: 0 });
    const server = await startServer({ engine: vault.engine, tokens, port: 0 });
    try {
      const created = JSON.parse((await runCli(['token', 'create', '--vault', root, '--name', 'live', '--scopes', 'vault:read', '--json'])).stdout) as { token: string };
      const status = () => fetch(`${server.url}/v1/vault/status`, { headers: { Authorization: `Bearer ${created.token}` } }).then((response) => response.status);
      expect(await status()).toBe(200);
      await runCli(['token', 'revoke', '--vault', root, '--name', 'live']);
      expect(await status()).toBe(401);
    } finally {
      await server.close();
      await vault.dispose();
    }
  });
});
