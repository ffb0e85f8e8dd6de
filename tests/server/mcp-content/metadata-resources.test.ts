import type { TempVault } from '../../helpers/temp-vault';
import { expectIndxError } from '../../helpers/expect-error';
import { MTIMES, openContentVault, providerNamed, readJson, readResource, READER, WRITER } from './content-vault';

let vault: TempVault;

beforeAll(async () => {
  vault = await openContentVault();
});
afterAll(async () => {
  await vault.dispose();
});

describe('config://vault', () => {
  it('describes the vault, the caller\'s scopes and operations, and no secrets', async () => {
    const config = (await readJson(vault, 'config://vault')) as Record<string, unknown>;
    expect(config).toMatchObject({
      version: '0.1.0',
      read_only: true,
      scopes: ['vault:read'],
      capabilities: { search: true, canvas: true, bases: true, ai: false },
      excluded_paths: ['.trash/**', '.git/**', '.indx/**', '**/.*'],
      resource_file_types: ['md', 'canvas', 'base'],
    });
    expect(config.name).toBe(vault.host.name);
    expect(config.operations).toContain('note_read');
    expect(config.operations).not.toContain('note_write');
    expect(JSON.stringify(config)).not.toMatch(/token|secret|hash/i);
  });

  it('shows write operations and read_only false to a write token', async () => {
    const config = (await readJson(vault, 'config://vault', WRITER)) as { read_only: boolean; operations: string[] };
    expect(config.read_only).toBe(false);
    expect(config.operations).toContain('note_write');
  });
});

describe('stats://vault', () => {
  it('adds tag totals, orphans and broken pairs to vault_status', async () => {
    expect(await readJson(vault, 'stats://vault')).toMatchObject({
      files: 9,
      notes: 6,
      canvases: 1,
      bases: 1,
      attachments: 1,
      folders: 4,
      tags: { distinct: 4, occurrences: 3 },
      // Orphan.md, My Notes/Café ü.md and Notes/Beta.md (its only links are broken).
      orphans: 3,
      unresolved_pairs: 2,
    });
  });
});

describe('tags://vault and tags://vault/{field}', () => {
  it('groups the values of every property by field, tags being the tag index', async () => {
    expect(await readJson(vault, 'tags://vault')).toEqual({
      aliases: [{ value: 'A', count: 1 }],
      rating: [{ value: '3', count: 1 }],
      status: [{ value: 'draft', count: 2 }, { value: 'active', count: 1 }],
      // Inline #project/alpha counts; the parent "project" is not a value of any note.
      tags: [{ value: 'lonely', count: 1 }, { value: 'project/alpha', count: 1 }, { value: 'start', count: 1 }],
    });
  });

  it('serves one field, most frequent value first', async () => {
    expect(await readJson(vault, 'tags://vault/status')).toEqual([{ value: 'draft', count: 2 }, { value: 'active', count: 1 }]);
  });

  it('answers not_found for a property no note has', async () => {
    await expectIndxError(readResource(vault, 'tags://vault/colour'), 'not_found');
  });

  it('lists one resource per field and completes field names', async () => {
    const provider = providerNamed('vault_field');
    expect((await provider.list?.(vault.engine, READER))?.map((entry) => entry.uri)).toEqual(['tags://vault/aliases', 'tags://vault/rating', 'tags://vault/status', 'tags://vault/tags']);
    expect(await provider.complete?.field?.('ST', vault.engine)).toEqual(['status']);
  });
});

describe('folders://vault', () => {
  it('lists the root and every visible folder with direct and recursive note counts', async () => {
    expect(await readJson(vault, 'folders://vault')).toEqual([
      { path: '', notes: 2, notes_total: 6 },
      { path: 'Daily', notes: 1, notes_total: 1 },
      { path: 'Empty', notes: 0, notes_total: 0 },
      { path: 'My Notes', notes: 1, notes_total: 1 },
      { path: 'Notes', notes: 2, notes_total: 2 },
    ]);
  });
});

describe('toc://vault/{+path}', () => {
  it('does not repeat the title when the note starts with it as H1', async () => {
    expect(await readJson(vault, 'toc://vault/Notes/Alpha.md')).toEqual([
      { level: 1, title: 'Alpha', line: 4 },
      { level: 2, title: 'Details', line: 6 },
      { level: 3, title: 'Deep', line: 7 },
    ]);
  });

  it('prepends a synthetic title entry otherwise (seed 003), through an encoded path', async () => {
    expect(await readJson(vault, 'toc://vault/My%20Notes/Caf%C3%A9%20%C3%BC.md')).toEqual([
      { level: 1, title: 'Café ü', line: null },
      { level: 2, title: 'Menu', line: 0 },
    ]);
    expect(await readJson(vault, 'toc://vault/Notes/Beta.md')).toEqual([{ level: 1, title: 'Beta', line: null }]);
  });

  it('answers not_found for a missing note and completes note paths', async () => {
    await expectIndxError(readResource(vault, 'toc://vault/Nope.md'), 'not_found');
    expect(await providerNamed('vault_toc').complete?.path?.('b', vault.engine)).toEqual([]);
    expect(await providerNamed('vault_toc').complete?.path?.('d', vault.engine)).toEqual(['Daily/2026-11-20.md']);
  });
});

describe('recent://vault', () => {
  it('lists notes newest first with folder, tags and ISO time', async () => {
    const recent = (await readJson(vault, 'recent://vault')) as { path: string; mtime: number }[];
    expect(recent.map((note) => note.path)).toEqual(['Daily/2026-11-20.md', 'Home.md', 'Notes/Alpha.md', 'Notes/Beta.md', 'Orphan.md', 'My Notes/Café ü.md']);
    expect(recent[1]).toEqual({ path: 'Home.md', title: 'Home', folder: '', tags: ['start'], mtime: MTIMES['Home.md'], modified_at_iso: '2026-11-19T12:00:00.000Z' });
  });
});

describe('vault://search?q=… and similar://vault/{+path}', () => {
  it('answers a search result set through vault_search, with mode and limit', async () => {
    await vault.engine.search?.whenReady();
    const found = (await readJson(vault, 'vault://search?q=alpha&mode=lexical&limit=5')) as { results: { path: string }[]; mode_used: string };
    expect(found.mode_used).toBe('lexical');
    expect(found.results[0]?.path).toBe('Notes/Alpha.md');
    await expectIndxError(readResource(vault, 'vault://search?q=%20'), 'invalid_input');
  });

  it('passes the other vault_search inputs on: tag, path_glob, min_score, cursor', async () => {
    await vault.engine.search?.whenReady();
    const tagged = (await readJson(vault, 'vault://search?q=home&mode=lexical&tag=project')) as { results: { path: string }[] };
    expect(tagged.results.map((result) => result.path)).toEqual(['Notes/Alpha.md']);
    const inFolder = (await readJson(vault, 'vault://search?q=home&mode=lexical&path_glob=Daily%2F**')) as { results: { path: string }[] };
    expect(inFolder.results.map((result) => result.path)).toEqual(['Daily/2026-11-20.md']);
    const first = (await readJson(vault, 'vault://search?q=home&mode=lexical&limit=1')) as { results: { path: string }[]; next_cursor: string | null };
    const second = (await readJson(vault, `vault://search?q=home&mode=lexical&limit=1&cursor=${encodeURIComponent(first.next_cursor ?? '')}`)) as { results: { path: string }[] };
    expect(second.results[0]?.path).not.toBe(first.results[0]?.path);
    await expectIndxError(readResource(vault, 'vault://search?q=home&min_score=7'), 'invalid_input');
  });

  it('lists notes similar to a note, leaving the note itself out', async () => {
    const similar = (await readJson(vault, 'similar://vault/Notes/Alpha.md')) as { path: string; similar: { path: string }[] };
    expect(similar.path).toBe('Notes/Alpha.md');
    expect(similar.similar.map((note) => note.path)).not.toContain('Notes/Alpha.md');
    await expectIndxError(readResource(vault, 'similar://vault/Nope.md'), 'not_found');
    await expectIndxError(readResource(vault, 'similar://vault/..%2Fsecret.md'), 'invalid_path');
  });
});
