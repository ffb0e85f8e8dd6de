import { createTempVault } from '../helpers/temp-vault';
import { MemoryHost } from './helpers/memory-host';
import { runBase } from './helpers/run-base';

// Canvases in Bases, as link_backlinks counts them: Obsidian's link maps leave canvases out, so
// the canvas link index supplies them. A canvas row's file.links are its file nodes and the
// links of its text nodes (embeds in text nodes are its file.embeds); a note on a canvas lists
// the canvas in file.backlinks, and hasLink()/linksTo() see canvas links.

function node(id: string, fields: Record<string, unknown>): Record<string, unknown> {
  return { id, x: 0, y: 0, width: 100, height: 60, ...fields };
}

const BOARD = JSON.stringify({
  nodes: [node('1', { type: 'file', file: 'Notes/A.md' }), node('2', { type: 'text', text: 'See [[B]], ![[A]] and [[Missing]].' }), node('3', { type: 'file', file: 'Gone.md' })],
  edges: [],
});

const FILES = { 'Notes/A.md': {}, 'Notes/B.md': {}, 'Notes/C.md': {}, 'Board.canvas': { text: BOARD } };

async function values(filter: string, column: string): Promise<[string, unknown][]> {
  const result = await runBase(new MemoryHost(FILES), `filters: '${filter}'\nviews:\n  - type: table\n    order: [${column}]\n`);
  return result.rows.map((row) => [row.path, row.values[column]]);
}

describe('canvases in Bases', () => {
  it("a canvas row's file.links are its file nodes and text-node links, resolved or not", async () => {
    expect(await values('file.ext == "canvas"', 'file.links')).toEqual([['Board.canvas', ['[[Notes/A]]', '[[Notes/B]]', '[[Missing]]', '[[Gone.md]]']]]);
    expect(await values('file.ext == "canvas"', 'file.embeds')).toEqual([['Board.canvas', ['[[Notes/A]]']]]);
  });

  it('notes on a canvas list it in file.backlinks', async () => {
    expect(await values('file.ext == "md"', 'file.backlinks')).toEqual([
      ['Notes/A.md', ['[[Board.canvas]]']],
      ['Notes/B.md', ['[[Board.canvas]]']],
      ['Notes/C.md', []],
    ]);
  });

  it('file.hasLink() and link.linksTo() see canvas links', async () => {
    expect((await values('file.hasLink(file("Notes/B.md"))', 'file.path')).map(([path]) => path)).toEqual(['Board.canvas']);
    expect((await values('file.hasLink("Missing")', 'file.path')).map(([path]) => path)).toEqual(['Board.canvas']);
    expect((await values('link("Board.canvas").linksTo(file)', 'file.path')).map(([path]) => path)).toEqual(['Notes/A.md', 'Notes/B.md']);
  });

  it('base_query reads canvases from the vault', async () => {
    const vault = await createTempVault({ 'Notes/A.md': 'A note.\n', 'Board.canvas': BOARD, 'Links.base': 'filters: file.path == "Notes/A.md"\nviews:\n  - type: table\n    order: [file.backlinks]\n' });
    try {
      const { output } = await vault.engine.call('base_query', { path: 'Links.base' });
      expect((output as { rows: { values: Record<string, unknown> }[] }).rows.map((row) => row.values['file.backlinks'])).toEqual([['[[Board.canvas]]']]);
    } finally {
      await vault.dispose();
    }
  });
});
