import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OBSIDIAN_ATTACHMENT_EXTENSIONS } from '../../src/core/attachments/file-types';
import { expectIndxError } from '../helpers/expect-error';
import { createTempVault, type TempVault } from '../helpers/temp-vault';

describe('admin operations', () => {
  let vault: TempVault;

  beforeEach(async () => {
    vault = await createTempVault({ 'A.md': '# A\n' });
  });

  afterEach(async () => {
    await vault.dispose();
  });

  it('vault_config_get returns defaults; vault_config_set merges, validates and saves atomically', async () => {
    expect((await vault.engine.call('vault_config_get', {})).output).toMatchObject({ config: { version: 1, server: { port: 27643 }, access: { write_enabled: true } } });
    const saved = (await vault.engine.call('vault_config_set', { config: { server: { port: 28000 } } })).output as { config: unknown };
    expect(saved.config).toEqual({ version: 1, server: { port: 28000 }, access: { write_enabled: true, excluded_paths: [], read_only_paths: [], tool_profiles: {} }, search: { embeddings: {} }, attachments: { max_bytes: 10 * 1024 * 1024, allowed_extensions: [...OBSIDIAN_ATTACHMENT_EXTENSIONS] }, ai: { cache: {} } });
    expect(JSON.parse(await readFile(join(vault.root, '.indx', 'config.json'), 'utf8'))).toEqual(saved.config);
    await expectIndxError(vault.engine.call('vault_config_set', { config: { server: { port: 80 } } }), 'invalid_input');
    expect(((await vault.engine.call('vault_config_get', {})).output as { config: { server: { port: number } } }).config.server.port).toBe(28000);
  });

  it('refuses writes while access.write_enabled is false, and admin ops still work', async () => {
    await vault.engine.call('vault_config_set', { config: { access: { write_enabled: false } } });
    await expectIndxError(vault.engine.call('note_write', { path: 'B.md', body: 'x' }), 'forbidden');
    expect((await vault.engine.call('note_read', { path: 'A.md' })).output).toMatchObject({ path: 'A.md' });
    await vault.engine.call('vault_config_set', { config: { access: { write_enabled: true } } });
    await vault.engine.call('note_write', { path: 'B.md', body: 'x' });
  });

  // Security: the operator's provider key is sent wherever ai.base_url points; an admin agent must not be able to move it.
  it('refuses provider routing and cost fields through a token or the stdio fallback, and takes them from the local CLI', async () => {
    const agent = { actor: 'token:agent', scopes: ['vault:admin'] as const };
    const details = await expectIndxError(vault.engine.call('vault_config_set', { config: { ai: { base_url: 'https://elsewhere.example/v1', model: 'm' } } }, { ...agent, scopes: [...agent.scopes] }), 'forbidden');
    expect(details).toEqual({ fields: ['ai.base_url'] });
    await expectIndxError(vault.engine.call('vault_config_set', { config: { search: { embeddings: { provider: 'openai' } }, ai: { daily_cost_usd: 100 } } }, { actor: 'stdio', scopes: ['vault:admin'] }), 'forbidden');
    await vault.engine.call('vault_config_set', { config: { ai: { model: 'gpt-4o-mini', deny_globs: ['Private/**'] } } }, { ...agent, scopes: [...agent.scopes] });
    const saved = (await vault.engine.call('vault_config_set', { config: { ai: { base_url: 'http://127.0.0.1:11434/v1' } } })).output as { config: { ai: Record<string, unknown> } };
    expect(saved.config.ai).toMatchObject({ base_url: 'http://127.0.0.1:11434/v1', model: 'gpt-4o-mini' });
  });

  it('admin operations need the admin scope', async () => {
    await expectIndxError(vault.engine.call('vault_config_get', {}, { actor: 'token:w', scopes: ['vault:write'] }), 'forbidden');
  });

  it('vault_reindex picks up changes made on disk while nothing watched', async () => {
    await writeFile(join(vault.root, 'A.md'), '# A\n[[B]]\n');
    await writeFile(join(vault.root, 'B.md'), '# B\n');
    expect(vault.host.stat('B.md')).toBeNull();
    const result = (await vault.engine.call('vault_reindex', {})).output as { notes: number };
    expect(result.notes).toBe(2);
    expect(vault.host.resolvedLinks()['A.md']).toEqual({ 'B.md': 1 });
  });
});
