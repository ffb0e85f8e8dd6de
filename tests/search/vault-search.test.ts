import { promises as fs } from 'node:fs';
import { Engine } from '../../src/core/engine';
import { FileStorage, locateStateDir } from '../../src/hosts/node/file-storage';
import { NodeVaultHost } from '../../src/hosts/node/node-vault-host';
import { writeTempFolder } from '../helpers/temp-vault';
import { createSearchVault, pathsOf, type SearchVault } from './search-vault';

const FILES = {
  'Kubernetes.md': '# Kubernetes\nA container orchestrator.\n',
  'Notes/Cluster log.md': '# Log\nToday the team talked about kubernetes briefly.\n',
  'Ops/Runbook.md': '---\ntags: [ops/oncall]\naliases: [Playbook]\n---\n# Restart\nHow to restart the payment service.\n\n## Escalation\nPage the database team when replication lags.\n',
  'Ops/Deploy.md': '---\ntags: [ops]\n---\nDeploy with the pipeline. #release\n',
  'Daily/2026-01-01.md': '#ops/oncall\nQuiet day; read about replication lag in databases.\n',
  'Projects/Alpha.md': '---\ntags: [project/alpha]\n---\nAlpha project replication plan.\n',
  'Projects/Beta.md': '---\ntags: [project/beta]\n---\nBeta project replication plan.\n',
  'Recipes/Pasta.md': 'Boil the pasta, then add tomato sauce.\n',
  'Zh/东京.md': '东京塔是日本的电波塔。\n',
};

describe('vault_search (lexical)', () => {
  let vault: SearchVault;

  beforeAll(async () => {
    vault = await createSearchVault(FILES);
  });

  afterAll(async () => {
    await vault.dispose();
  });

  it('ranks a title hit above a passing mention in a body', async () => {
    const output = await vault.search({ q: 'kubernetes' });
    expect(pathsOf(output)).toEqual(['Kubernetes.md', 'Notes/Cluster log.md']);
    expect(output.results[0]?.matched_in).toEqual(['title', 'headings', 'body']);
    expect(output.results[1]?.matched_in).toEqual(['body']);
  });

  it('finds notes by alias, tag and folder name', async () => {
    expect(pathsOf(await vault.search({ q: 'playbook' }))).toEqual(['Ops/Runbook.md']);
    expect((await vault.search({ q: 'playbook' })).results[0]?.matched_in).toEqual(['aliases']);
    expect(pathsOf(await vault.search({ q: 'oncall' }))).toEqual(['Daily/2026-01-01.md', 'Ops/Runbook.md']);
    expect(pathsOf(await vault.search({ q: 'recipes' }))).toEqual(['Recipes/Pasta.md']);
  });

  it('points at the best section and highlights the matched words in its snippet', async () => {
    const [hit] = (await vault.search({ q: 'replication lags', path_glob: 'Ops/**' })).results;
    expect(hit).toMatchObject({ path: 'Ops/Runbook.md', title: 'Runbook', heading: 'Escalation', line: 7, tags: ['ops/oncall'] });
    expect(hit?.snippet).toBe('## Escalation Page the database team when **replication** **lags**.');
  });

  it('matches word forms through stemming and is case-insensitive', async () => {
    expect(pathsOf(await vault.search({ q: 'RESTARTING services' }))).toEqual(['Ops/Runbook.md']);
  });

  it('filters by tags, nested tags included, every listed tag required', async () => {
    expect(pathsOf(await vault.search({ q: 'replication', tag: ['project'] }))).toEqual(['Projects/Alpha.md', 'Projects/Beta.md']);
    expect(pathsOf(await vault.search({ q: 'replication', tag: ['#project/alpha'] }))).toEqual(['Projects/Alpha.md']);
    expect(pathsOf(await vault.search({ q: 'replication', tag: ['ops'] })).sort()).toEqual(['Daily/2026-01-01.md', 'Ops/Runbook.md']);
    expect(pathsOf(await vault.search({ q: 'replication', tag: ['ops', 'project'] }))).toEqual([]);
    expect(pathsOf(await vault.search({ q: 'pipeline', tag: ['release'] }))).toEqual(['Ops/Deploy.md']);
  });

  it('filters by path glob', async () => {
    expect(pathsOf(await vault.search({ q: 'replication', path_glob: 'Projects/**' }))).toEqual(['Projects/Alpha.md', 'Projects/Beta.md']);
    expect(pathsOf(await vault.search({ q: 'replication', path_glob: '**/2026-*' }))).toEqual(['Daily/2026-01-01.md']);
  });

  it('paginates with a cursor, the pages together giving the full ranking', async () => {
    const all = await vault.search({ q: 'replication plan', limit: 100 });
    expect(all.results).toHaveLength(4);
    expect(all.next_cursor).toBeNull();
    const first = await vault.search({ q: 'replication plan', limit: 3 });
    expect(first.next_cursor).not.toBeNull();
    const second = await vault.search({ q: 'replication plan', limit: 3, cursor: first.next_cursor });
    expect(second.next_cursor).toBeNull();
    expect([...pathsOf(first), ...pathsOf(second)]).toEqual(pathsOf(all));
  });

  it('breaks score ties by path, so the order is deterministic', async () => {
    const output = await vault.search({ q: 'project replication plan' });
    expect(pathsOf(output).slice(0, 2)).toEqual(['Projects/Alpha.md', 'Projects/Beta.md']);
    expect(output.results[0]?.score).toBe(output.results[1]?.score);
  });

  it('scores from 0 to 1 and leaves out results below min_score', async () => {
    const all = await vault.search({ q: 'replication lag databases' });
    expect(all.results.every((result) => result.score > 0 && result.score <= 1)).toBe(true);
    const threshold = ((all.results[0]?.score ?? 0) + (all.results[1]?.score ?? 0)) / 2;
    expect(pathsOf(await vault.search({ q: 'replication lag databases', min_score: threshold }))).toEqual(pathsOf(all).slice(0, 1));
  });

  it('matches typos and prefixes only when asked', async () => {
    expect(pathsOf(await vault.search({ q: 'kubrenetes' }))).toEqual([]);
    expect(pathsOf(await vault.search({ q: 'kubrenetes', fuzzy: true }))).toEqual(['Kubernetes.md', 'Notes/Cluster log.md']);
    expect(pathsOf(await vault.search({ q: 'orch' }))).toEqual([]);
    expect(pathsOf(await vault.search({ q: 'orch', prefix: true }))).toEqual(['Kubernetes.md']);
    expect((await vault.search({ q: 'kubrenetes', fuzzy: true })).results[0]?.snippet).toBe('# **Kubernetes** A container orchestrator.');
  });

  it('searches Chinese text by bigrams and highlights the whole match', async () => {
    const output = await vault.search({ q: '电波塔' });
    expect(pathsOf(output)).toEqual(['Zh/东京.md']);
    expect(output.results[0]?.snippet).toBe('东京塔是日本的**电波塔**。');
    expect(pathsOf(await vault.search({ q: '东京' }))).toEqual(['Zh/东京.md']);
  });

  it('returns nothing (not an error) for words no note has, and summarises like seed 000 §3.5', async () => {
    const empty = await vault.engine.call('vault_search', { q: 'zeppelin' });
    expect(empty.output).toEqual({ query: 'zeppelin', results: [], next_cursor: null, mode_used: 'lexical' });
    expect(empty.summary).toBe("Found 0 results for 'zeppelin' (lexical).");
    const found = await vault.engine.call('vault_search', { q: 'pasta' });
    expect(found.summary).toMatch(/^Found 1 result for 'pasta' \(lexical\)\. Top hit: Recipes\/Pasta\.md \(score 0\.\d\d\)\.$/);
  });

  it('falls back to lexical with embeddings_unavailable when semantic or hybrid is asked without embeddings', async () => {
    for (const mode of ['semantic', 'hybrid']) {
      const output = await vault.search({ q: 'pasta', mode });
      expect(output.mode_used).toBe('lexical');
      expect(pathsOf(output)).toEqual(['Recipes/Pasta.md']);
      expect(output.warnings?.map((warning) => warning.code)).toEqual(['embeddings_unavailable']);
    }
  });

  it('rejects an empty query and out-of-range options', async () => {
    await expect(vault.engine.call('vault_search', { q: '  ' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(vault.engine.call('vault_search', { q: 'x', limit: 101 })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(vault.engine.call('vault_search', { q: 'x', min_score: 2 })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(vault.engine.call('vault_search', { q: 'x', cursor: 'bogus' })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('reports the index in vault_status', async () => {
    const { output } = await vault.engine.call('vault_status', {});
    expect((output as { index: unknown }).index).toEqual({ state: 'ready', notes: 9, chunks: 10, terms: expect.any(Number) as number, size_on_disk: 0 });
  });
});

describe('an engine created without search', () => {
  it('reports no index in vault_status and refuses vault_search', async () => {
    const root = await writeTempFolder({ 'a.md': 'alpha\n' });
    const host = await NodeVaultHost.open(root);
    const engine = await Engine.create({ host, storage: new FileStorage(locateStateDir(root)), search: false });
    expect(engine.search).toBeNull();
    expect((await engine.call('vault_status', {})).output).toMatchObject({ index: null });
    await expect(engine.call('vault_search', { q: 'alpha' })).rejects.toMatchObject({ code: 'internal_error' });
    await engine.close();
    await host.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('starts the index lazily: idle until the first search', async () => {
    const root = await writeTempFolder({ 'a.md': 'alpha\n' });
    const host = await NodeVaultHost.open(root);
    const engine = await Engine.create({ host, storage: new FileStorage(locateStateDir(root)), search: { waitForIndex: true } });
    expect((await engine.call('vault_status', {})).output).toMatchObject({ index: { state: 'idle', notes: 0 } });
    expect((await engine.call('vault_search', { q: 'alpha' })).output).toMatchObject({ results: [{ path: 'a.md' }] });
    expect((await engine.call('vault_status', {})).output).toMatchObject({ index: { state: 'ready', notes: 1 } });
    await engine.close();
    await host.close();
    await fs.rm(root, { recursive: true, force: true });
  });
});
