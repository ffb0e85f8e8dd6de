import { setTimeout as delay } from 'node:timers/promises';
import { CanvasLinkIndex, canvasLinkIndexFor } from '../../src/core/canvas/canvas-link-index';
import { listCanvasReferences } from '../../src/core/canvas/list-canvas-references';
import { MemoryHost } from './memory-host';
import { OBSIDIAN } from './canvas-fixtures';

const fileNode = (id: string, file: string) => ({ id, type: 'file', file, x: 0, y: 0, width: 400, height: 400 });
const canvasShowing = (...files: string[]) => JSON.stringify({ nodes: files.map((file, index) => fileNode(`n${index}`, file)), edges: [] });

/** A vault of `notes` notes and two canvases. */
function bigVault(notes: number): MemoryHost {
  const files: Record<string, string> = { 'A.canvas': canvasShowing('Note 1.md'), 'B.canvas': canvasShowing('Note 2.md', 'Note 1.md') };
  for (let index = 0; index < notes; index += 1) files[`Note ${index}.md`] = '';
  return new MemoryHost(files);
}

describe('listCanvasReferences', () => {
  it('lists file nodes (with subpath) and text-node links with the line of their value, in node order', () => {
    expect(listCanvasReferences(OBSIDIAN).map((reference) => [reference.nodeId, reference.via, reference.target, reference.kind, reference.original, reference.line])).toEqual([
      ['1a2b3c4d5e6f7081', 'file', 'Notes/Beds.md', 'embed', 'Notes/Beds.md', 3],
      ['2b3c4d5e6f708192', 'file', 'Notes/Seeds.md', 'embed', 'Notes/Seeds.md#Spring', 4],
      ['3c4d5e6f708192a3', 'text', 'Seeds', 'link', '[[Seeds]]', 5],
      ['3c4d5e6f708192a3', 'text', 'sketch.png', 'embed', '![[sketch.png]]', 5],
    ]);
  });

  // canvas.d.ts: a group's `background` "stores the path to the image file in the vault".
  it('lists the background image of a group node as a file reference', () => {
    const text = '{"nodes":[\n{"id":"g","type":"group","label":"[[Not a link]]","background":"Assets/sky.png","backgroundStyle":"cover","x":0,"y":0,"width":9,"height":9},\n{"id":"h","type":"group","background":"","x":0,"y":0,"width":9,"height":9}\n]}';
    expect(listCanvasReferences(text)).toEqual([{ nodeId: 'g', via: 'file', target: 'Assets/sky.png', kind: 'embed', original: 'Assets/sky.png', line: 1 }]);
  });

  it('finds nothing in text that is not a canvas, and skips malformed nodes and same-canvas links', () => {
    expect(listCanvasReferences('{')).toEqual([]);
    expect(listCanvasReferences('')).toEqual([]);
    expect(listCanvasReferences('{"nodes":{}}')).toEqual([]);
    expect(listCanvasReferences('{"nodes":[null,{"type":"file","file":"a.md"},{"id":"x","type":"file","file":""},{"id":"t","type":"text","text":"[[#Top]] and [x](b.md)"}]}').map((reference) => reference.target)).toEqual(['b.md']);
  });
});

describe('CanvasLinkIndex: cheap on a big vault with few canvases', () => {
  it('lists the vault once, reads each canvas once, and answers later queries from memory', async () => {
    const host = bigVault(100_000);
    const index = new CanvasLinkIndex(host);
    expect((await index.backlinksTo('Note 1.md')).map((backlink) => backlink.source)).toEqual(['A.canvas', 'B.canvas']);
    const started = performance.now();
    for (let query = 0; query < 100; query += 1) await index.backlinksTo(`Note ${query}.md`);
    const elapsed = performance.now() - started;
    expect([host.listings, host.reads]).toEqual([1, ['A.canvas', 'B.canvas']]);
    // Later queries touch only the two canvases (about 1 ms for all 100 here); a bound that would
    // fail if each query walked the 100k notes (one listing alone takes tens of ms), with room for slow CI.
    expect(elapsed).toBeLessThan(250);
  });

  it('re-reads only the canvas an event names; lists the vault again only after a create, delete or rename', async () => {
    const host = bigVault(10);
    const index = new CanvasLinkIndex(host);
    await index.backlinksTo('Note 1.md');
    host.write('A.canvas', canvasShowing('Note 3.md'));
    expect((await index.backlinksTo('Note 3.md')).map((backlink) => backlink.source)).toEqual(['A.canvas']);
    expect([host.listings, host.reads]).toEqual([1, ['A.canvas', 'B.canvas', 'A.canvas']]);
    host.write('Boards/C.canvas', canvasShowing('Note 3.md'));
    expect((await index.backlinksTo('Note 3.md')).map((backlink) => backlink.source)).toEqual(['A.canvas', 'Boards/C.canvas']);
    expect(host.listings).toBe(2);
    host.remove('A.canvas');
    expect((await index.backlinksTo('Note 3.md')).map((backlink) => backlink.source)).toEqual(['Boards/C.canvas']);
    expect(host.listings).toBe(3);
  });

  it('notices a change no event reported by the canvas\'s mtime or size', async () => {
    const host = bigVault(10);
    const index = new CanvasLinkIndex(host);
    await index.backlinksTo('Note 1.md');
    host.write('B.canvas', canvasShowing('Note 4.md'), { silent: true });
    expect((await index.backlinksTo('Note 4.md')).map((backlink) => backlink.source)).toEqual(['B.canvas']);
  });

  it('resolves text-node links at query time, so a note created later picks up its canvas links', async () => {
    const host = new MemoryHost({ 'Board.canvas': JSON.stringify({ nodes: [{ id: 't', type: 'text', text: 'see [[Later]]', x: 0, y: 0, width: 1, height: 1 }] }) });
    const index = new CanvasLinkIndex(host);
    expect(await index.backlinksTo('Later.md')).toEqual([]);
    host.write('Later.md', '');
    expect(await index.backlinksTo('Later.md')).toEqual([{ source: 'Board.canvas', count: 1, links: [{ original: '[[Later]]', line: 0, kind: 'link' }] }]);
  });

  it('counts a group background as a backlink of the image', async () => {
    const host = new MemoryHost({ 'sky.png': '', 'Board.canvas': JSON.stringify({ nodes: [{ id: 'g', type: 'group', background: 'sky.png', x: 0, y: 0, width: 9, height: 9 }], edges: [] }) });
    expect(await new CanvasLinkIndex(host).backlinksTo('sky.png')).toEqual([{ source: 'Board.canvas', count: 1, links: [{ original: 'sky.png', line: 0, kind: 'embed' }] }]);
  });

  // Forgetting canvases that are gone used to test each cached canvas against the whole list (150k
  // canvases: about 26 s alone, several times that beside CI's other workers). Now about 1.5 s alone,
  // 6 s in CI and 22 s with the machine three times oversubscribed, hence the 60 s timeout.
  it('lists the vault again after a create in a vault of 150,000 canvases without comparing each pair', async () => {
    const files: Record<string, string> = { 'Note.md': '' };
    for (let index = 0; index < 150_000; index += 1) files[`Boards/Board ${index}.canvas`] = '';
    const host = new MemoryHost(files);
    const index = new CanvasLinkIndex(host);
    expect(await index.backlinksTo('Note.md')).toEqual([]);
    host.write('New.canvas', canvasShowing('Note.md'));
    expect((await index.backlinksTo('Note.md')).map((backlink) => backlink.source)).toEqual(['New.canvas']);
    expect(host.listings).toBe(2);
    expect(host.reads).toHaveLength(150_001);
    // Yield to the event loop, so that jest's timeout fails a test whose synchronous part overran it.
    await delay(0);
  }, 60_000);

  it('keeps one index per host', () => {
    const host = bigVault(1);
    expect(canvasLinkIndexFor(host)).toBe(canvasLinkIndexFor(host));
    expect(canvasLinkIndexFor(host)).not.toBe(canvasLinkIndexFor(bigVault(1)));
  });
});
