import { createPathPolicy, OPEN_POLICY, sameRules } from '../../src/core/vault/path-policy';

describe('createPathPolicy', () => {
  it('covers a folder and everything in it, whether the glob names the folder or its contents', () => {
    for (const glob of ['Private', 'Private/', 'Private/**']) {
      const policy = createPathPolicy({ excluded_paths: [glob], read_only_paths: [] });
      expect([glob, policy.isExcluded('Private'), policy.isExcluded('Private/a.md'), policy.isExcluded('Private/x/y.md'), policy.isExcluded('Privateer.md')]).toEqual([glob, true, true, true, false]);
    }
  });

  it('matches file globs at their own depth only, and never treats backslashes as separators', () => {
    const policy = createPathPolicy({ excluded_paths: ['Journal/*.md', '**/secret*'], read_only_paths: [] });
    expect(policy.isExcluded('Journal/2026.md')).toBe(true);
    expect(policy.isExcluded('Journal/2026/01.md')).toBe(false);
    expect(policy.isExcluded('a/b/secret plans.md')).toBe(true);
    expect(policy.isExcluded('Journal\\x.md')).toBe(false);
  });

  it('treats excluded paths as read-only too, and ignores blank globs', () => {
    const policy = createPathPolicy({ excluded_paths: ['Private/**', '  '], read_only_paths: ['Archive'] });
    expect([policy.isReadOnly('Private/a.md'), policy.isReadOnly('Archive/a.md'), policy.isExcluded('Archive/a.md'), policy.isReadOnly('Notes/a.md')]).toEqual([true, true, false, false]);
    expect(OPEN_POLICY.isExcluded('anything.md')).toBe(false);
  });

  it('compares rule sets by value', () => {
    expect(sameRules({ excluded_paths: ['a'], read_only_paths: [] }, { excluded_paths: ['a'], read_only_paths: [] })).toBe(true);
    expect(sameRules({ excluded_paths: ['a'], read_only_paths: [] }, { excluded_paths: [], read_only_paths: ['a'] })).toBe(false);
  });
});

describe('path rules in the vault configuration', () => {
  it('refuses a glob the matcher cannot take when the configuration is saved', async () => {
    const { vaultConfigSchema } = await import('../../src/core/config/vault-config');
    const parsed = vaultConfigSchema.safeParse({ access: { excluded_paths: ['x'.repeat(1001)] } });
    expect(parsed.success).toBe(false);
    expect(vaultConfigSchema.safeParse({ access: { excluded_paths: ['Private/**'], read_only_paths: ['{a,b}/**'] } }).success).toBe(true);
  });
});
