import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { TempVault } from '../../helpers/temp-vault';
import { expectIndxError } from '../../helpers/expect-error';
import { openContentVault, providerNamed, readJson, readResource, READER } from './content-vault';

let vault: TempVault;

beforeAll(async () => {
  vault = await openContentVault();
});
afterAll(async () => {
  await vault.dispose();
});

describe('vault://{+path}', () => {
  const provider = providerNamed('vault_file');

  it('lists every file (notes, canvases, bases, attachments) sorted by path, with percent-encoded URIs and MIME types', async () => {
    const listed = await provider.list?.(vault.engine, READER);
    expect(listed).toEqual([
      { uri: 'vault://Board.canvas', name: 'Board.canvas', title: 'Board', mimeType: 'application/json' },
      { uri: 'vault://Daily/2026-11-20.md', name: 'Daily/2026-11-20.md', title: '2026-11-20', mimeType: 'text/markdown' },
      { uri: 'vault://Home.md', name: 'Home.md', title: 'Home', mimeType: 'text/markdown' },
      { uri: 'vault://My%20Notes/Caf%C3%A9%20%C3%BC.md', name: 'My Notes/Café ü.md', title: 'Café ü', mimeType: 'text/markdown' },
      { uri: 'vault://Notes/Alpha.md', name: 'Notes/Alpha.md', title: 'Alpha', mimeType: 'text/markdown' },
      { uri: 'vault://Notes/Beta.md', name: 'Notes/Beta.md', title: 'Beta', mimeType: 'text/markdown' },
      { uri: 'vault://Orphan.md', name: 'Orphan.md', title: 'Orphan', mimeType: 'text/markdown' },
      { uri: 'vault://Views.base', name: 'Views.base', title: 'Views', mimeType: 'text/yaml' },
      { uri: 'vault://image.png', name: 'image.png', title: 'image', mimeType: 'image/png' },
    ]);
  });

  it('reads every listed URI back as the exact file on disk: text for notes, canvases and bases, a base64 blob for attachments', async () => {
    for (const entry of (await provider.list?.(vault.engine, READER)) ?? []) {
      const [content] = await readResource(vault, entry.uri);
      const bytes = await fs.readFile(join(vault.root, ...entry.name.split('/')));
      const expected = entry.mimeType === 'image/png' ? { blob: bytes.toString('base64') } : { text: bytes.toString('utf8') };
      expect(content).toEqual({ uri: entry.uri, mimeType: entry.mimeType, ...expected });
    }
  });

  it('keeps frontmatter in a note read (the resource is the file, not the parsed body)', async () => {
    const [content] = await readResource(vault, 'vault://Home.md');
    expect(content?.text?.startsWith('---\ntags: [start]')).toBe(true);
  });

  it('decodes an encoded slash as a folder separator (same file as the plain URI)', async () => {
    const [content] = await readResource(vault, 'vault://Notes%2FAlpha.md');
    expect(content?.text).toContain('# Alpha');
  });

  it('refuses an attachment above attachments.max_bytes with file_too_large, naming its size and the limit', async () => {
    await vault.engine.call('vault_config_set', { config: { attachments: { max_bytes: 4 } } });
    try {
      const details = await expectIndxError(readResource(vault, 'vault://image.png'), 'file_too_large');
      expect(details).toEqual({ path: 'image.png', size: (await fs.stat(join(vault.root, 'image.png'))).size, limit: 4 });
    } finally {
      await vault.engine.call('vault_config_set', { config: { attachments: { max_bytes: 10 * 1024 * 1024 } } });
    }
  });

  it('answers not_found for a missing file, without appending .md', async () => {
    await expectIndxError(readResource(vault, 'vault://Nope.md'), 'not_found');
    await expectIndxError(readResource(vault, 'vault://Home'), 'not_found');
  });

  it('completes path prefixes case-insensitively, over every file', async () => {
    const complete = provider.complete?.path;
    expect(await complete?.('no', vault.engine)).toEqual(['Notes/Alpha.md', 'Notes/Beta.md']);
    expect(await complete?.('My%20', vault.engine)).toEqual(['My Notes/Café ü.md']);
    expect(await complete?.('im', vault.engine)).toEqual(['image.png']);
    expect(await complete?.('', vault.engine)).toHaveLength(9);
  });
});

describe('vault://graph', () => {
  it('has notes and link endpoints as nodes, resolved links as counted edges, and the unresolved total', async () => {
    const graph = (await readJson(vault, 'vault://graph')) as { nodes: { path: string; kind: string }[]; edges: unknown[]; unresolved: number };
    expect(graph.nodes).toContainEqual({ path: 'image.png', kind: 'attachment' });
    expect(graph.nodes.filter((node) => node.kind === 'note').map((node) => node.path)).toEqual(['Daily/2026-11-20.md', 'Home.md', 'My Notes/Café ü.md', 'Notes/Alpha.md', 'Notes/Beta.md', 'Orphan.md']);
    expect(graph.edges).toEqual(expect.arrayContaining([
      { source: 'Daily/2026-11-20.md', target: 'Home.md', count: 1 },
      { source: 'Home.md', target: 'Notes/Alpha.md', count: 1 },
      { source: 'Home.md', target: 'image.png', count: 1 },
      { source: 'Notes/Alpha.md', target: 'Home.md', count: 1 },
    ]));
    // [[Missing Note]] once in Home.md, [[Alph]] twice in Notes/Beta.md: Obsidian counts each occurrence.
    expect(graph.unresolved).toBe(3);
  });

  it('lists every edge endpoint as a node', async () => {
    const graph = (await readJson(vault, 'vault://graph')) as { nodes: { path: string }[]; edges: { source: string; target: string }[] };
    const nodes = new Set(graph.nodes.map((node) => node.path));
    for (const edge of graph.edges) expect([nodes.has(edge.source), nodes.has(edge.target)]).toEqual([true, true]);
  });
});

describe('vault://graph/backlinks and vault://graph/forward', () => {
  it('serves link_backlinks for a note, including through an encoded path', async () => {
    const backlinks = (await readJson(vault, 'vault://graph/backlinks/Home.md')) as { path: string; total: number; backlinks: { source: string }[] };
    expect(backlinks.path).toBe('Home.md');
    // Board.canvas embeds Home.md through a file node: canvases count as linking files.
    expect(backlinks.backlinks.map((entry) => entry.source)).toEqual(['Board.canvas', 'Daily/2026-11-20.md', 'Notes/Alpha.md']);
  });

  it('serves backlinks of an attachment (embeds count)', async () => {
    const backlinks = (await readJson(vault, 'vault://graph/backlinks/image.png')) as { total: number };
    expect(backlinks.total).toBe(1);
  });

  it('serves link_forward with resolved and unresolved targets', async () => {
    const forward = (await readJson(vault, 'vault://graph/forward/Home.md')) as { links: { link: string; target: string | null }[] };
    expect(forward.links.map((link) => [link.link, link.target])).toEqual([
      ['Alpha', 'Notes/Alpha.md'],
      ['Missing Note', null],
      ['image.png', 'image.png'],
    ]);
  });

  it('answers not_found for a missing note', async () => {
    await expectIndxError(readResource(vault, 'vault://graph/backlinks/Nope.md'), 'not_found');
    await expectIndxError(readResource(vault, 'vault://graph/forward/Nope.md'), 'not_found');
  });

  it('completes paths: any file for backlinks, notes only for forward links', async () => {
    expect(await providerNamed('vault_backlinks').complete?.path?.('i', vault.engine)).toEqual(['image.png']);
    expect(await providerNamed('vault_forward_links').complete?.path?.('i', vault.engine)).toEqual([]);
    expect(await providerNamed('vault_forward_links').complete?.path?.('H', vault.engine)).toEqual(['Home.md']);
  });
});

describe('vault://tags', () => {
  it('is the tag index with counts, nested parents rolled up', async () => {
    expect(await readJson(vault, 'vault://tags')).toEqual({
      tags: [
        { tag: 'lonely', count: 1, total: 1, occurrences: 1 },
        { tag: 'project', count: 0, total: 1, occurrences: 0 },
        { tag: 'project/alpha', count: 1, total: 1, occurrences: 1 },
        { tag: 'start', count: 1, total: 1, occurrences: 1 },
      ],
    });
  });
});

describe('vault://canvas and vault://base', () => {
  it('serves canvas_read for a canvas, with the note each file node points at', async () => {
    const canvas = (await readJson(vault, 'vault://canvas/Board.canvas')) as { path: string; etag: string; file_nodes: unknown[] } & Record<string, unknown>;
    expect(canvas).toMatchObject({ path: 'Board.canvas', etag: expect.stringMatching(/^[0-9a-f]{16}$/) as string });
    expect(JSON.stringify(canvas)).toContain('"Home.md"');
  });

  it('serves base_query for a base: the notes its filters select', async () => {
    const base = (await readJson(vault, 'vault://base/Views.base')) as { path: string; rows: { path: string }[] };
    // Views.base keeps notes tagged #project (nested tags count): only Notes/Alpha.md has #project/alpha.
    expect(base.path).toBe('Views.base');
    expect(base.rows.map((row) => row.path)).toEqual(['Notes/Alpha.md']);
  });

  it('refuses a path that escapes the vault, as every surface does', async () => {
    await expect(readJson(vault, 'vault://canvas/..%2Fsecret.canvas')).rejects.toThrow(/invalid_path|outside|\.\./);
  });
});
