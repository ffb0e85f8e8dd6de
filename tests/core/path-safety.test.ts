import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toNotePath, toVaultPath } from '../../src/core/vault/paths';
import { expectIndxError } from '../helpers/expect-error';
import { createTempVault, type TempVault } from '../helpers/temp-vault';

describe('path safety: each rejection rule and its error code', () => {
  const rejected: [rule: string, path: string, code: 'invalid_path' | 'path_forbidden'][] = [
    ['absolute POSIX path', '/etc/passwd', 'invalid_path'],
    ['absolute Windows drive path', 'C:/Windows/win.ini', 'invalid_path'],
    ['UNC path', '\\\\server\\share\\x.md', 'invalid_path'],
    ['parent segment', '../outside.md', 'invalid_path'],
    ['parent segment in the middle', 'Notes/../../outside.md', 'invalid_path'],
    ['NUL byte', 'Notes/a\u0000.md', 'invalid_path'],
    ['other control character', 'Notes/a\u0007.md', 'invalid_path'],
    ['backslash traversal', '..\\..\\outside.md', 'invalid_path'],
    ['backslash separator', 'Notes\\a.md', 'invalid_path'],
    ['blank path', '   ', 'invalid_path'],
    ['.obsidian config folder', '.obsidian/app.json', 'path_forbidden'],
    ['.trash folder', '.trash/old.md', 'path_forbidden'],
    ['.git folder', '.git/config', 'path_forbidden'],
    ['.indx state folder', '.indx/tokens.json', 'path_forbidden'],
    ['hidden folder deeper down', 'Notes/.secret/a.md', 'path_forbidden'],
    ['name over 255 bytes', `Notes/${'a'.repeat(300)}.md`, 'invalid_path'],
    ['name over 255 bytes in UTF-8 (86 × 3-byte characters)', `${'日'.repeat(86)}.md`, 'invalid_path'],
    ['path over 4096 bytes', `${'folder/'.repeat(700)}a.md`, 'invalid_path'],
  ];

  it.each(rejected)('rejects %s (%j) with %s', (_rule, path, code) => {
    expect(() => toVaultPath(path)).toThrow(expect.objectContaining({ code }) as Error);
  });

  it('normalises harmless forms instead of rejecting them', () => {
    expect(toVaultPath('Notes//a.md/')).toBe('Notes/a.md');
    expect(toVaultPath('./Notes/./a.md')).toBe('Notes/a.md');
    expect(toVaultPath('Notes/a\u00a0b.md')).toBe('Notes/a b.md');
    expect(toVaultPath('Cafe\u0301.md')).toBe('Café.md');
    expect(toNotePath('Daily/2026-11-21')).toBe('Daily/2026-11-21.md');
    expect(toVaultPath(`${'a'.repeat(255)}`)).toHaveLength(255);
    // 253 bytes is a valid name, but not once ".md" is added.
    expect(() => toNotePath('a'.repeat(253))).toThrow(expect.objectContaining({ code: 'invalid_path' }) as Error);
  });
});

describe('path safety through the engine (nothing is written)', () => {
  let vault: TempVault;
  let outside: string;

  beforeAll(async () => {
    outside = await mkdtemp(join(tmpdir(), 'indx-outside-'));
    await writeFile(join(outside, 'secret.md'), 'secret');
    vault = await createTempVault({ 'a.md': '# A\n', '.obsidian/app.json': '{}' });
    await symlink(outside, join(vault.root, 'escape'));
    await mkdir(join(vault.root, 'inside'));
    await symlink(join(outside, 'secret.md'), join(vault.root, 'inside', 'leak.md'));
  });

  afterAll(async () => {
    await vault.dispose();
    await rm(outside, { recursive: true, force: true });
  });

  it.each([
    ['note_write', { path: '../escape.md', body: 'x' }, 'invalid_path'],
    ['note_write', { path: '.obsidian/evil.md', body: 'x' }, 'path_forbidden'],
    ['note_write', { path: '.trash/evil.md', body: 'x' }, 'path_forbidden'],
    ['note_write', { path: '.git/evil.md', body: 'x' }, 'path_forbidden'],
    ['note_write', { path: '.indx/evil.md', body: 'x' }, 'path_forbidden'],
    ['note_read', { path: '/etc/passwd' }, 'invalid_path'],
    ['note_move', { from: 'a.md', to: '../a.md' }, 'invalid_path'],
    ['note_move', { from: 'a.md', to: '.obsidian/a.md' }, 'path_forbidden'],
  ] as const)('%s %j fails with %s', async (name, input, code) => {
    await expectIndxError(vault.engine.call(name, input), code);
    expect(existsSync(join(vault.root, '..', 'escape.md'))).toBe(false);
    expect(existsSync(join(vault.root, '.obsidian', 'evil.md'))).toBe(false);
    expect(existsSync(join(vault.root, 'a.md'))).toBe(true);
  });

  it('refuses to follow a symlinked folder out of the vault (path_forbidden)', async () => {
    await expectIndxError(vault.engine.call('note_write', { path: 'escape/new.md', body: 'x' }), 'path_forbidden');
    expect(existsSync(join(outside, 'new.md'))).toBe(false);
  });

  it('refuses to read a symlinked file that points out of the vault (path_forbidden)', async () => {
    await expectIndxError(vault.host.read('inside/leak.md'), 'path_forbidden');
  });
});
