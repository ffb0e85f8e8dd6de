import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditEvent } from '../../src/core/audit/audit-log';
import { expectIndxError } from '../helpers/expect-error';
import { createTempVault, type TempVault } from '../helpers/temp-vault';
import { OBSIDIAN } from './canvas-fixtures';

const BEDS = '1a2b3c4d5e6f7081';
const SEEDS = '2b3c4d5e6f708192';
const EDGE_BEDS_SEEDS = '6e7f8091a2b3c4d5';
const EDGE_NOTE_BEDS = '7f8091a2b3c4d5e6';

const FILES = {
  'Notes/Beds.md': '# Beds\n\n## Layout\n',
  'Notes/Seeds.md': '# Seeds\n\n## Spring\n',
  'Home.md': 'Start at [[Beds]].\n',
  'sketch.png': 'not really a png',
  'Garden.canvas': OBSIDIAN,
  'Boards/Empty.canvas': '',
  'Broken.canvas': '{"nodes": [',
  'Dangling.canvas': '{"nodes":[{"id":"a","type":"text","text":"A","x":0,"y":0,"width":1,"height":1}],"edges":[{"id":"e","fromNode":"a","toNode":"gone"}]}',
};

type CanvasOutput = { path: string; etag: string; changed: boolean; created: boolean; canvas: { nodes: { id: string }[]; edges: { id: string }[] }; added: { nodes: string[]; edges: string[] }; removed: { nodes: string[]; edges: string[] } };

async function call<T>(vault: TempVault, name: string, input: unknown): Promise<T> {
  return (await vault.engine.call(name, input)).output as T;
}

const onDisk = (vault: TempVault, path: string) => readFile(join(vault.root, path), 'utf8');

describe('canvas_read', () => {
  let vault: TempVault;
  beforeEach(async () => (vault = await createTempVault(FILES)));
  afterEach(async () => vault.dispose());

  it('returns the document, its etag and where each file node points', async () => {
    const output = await call<{ path: string; etag: string; canvas: unknown; files: unknown[]; problems: unknown[] }>(vault, 'canvas_read', { path: 'Garden' });
    expect(output.path).toBe('Garden.canvas');
    expect(output.etag).toBe(vault.engine.etag(OBSIDIAN));
    expect(output.canvas).toEqual(JSON.parse(OBSIDIAN));
    expect(output.files).toEqual([
      { node_id: BEDS, file: 'Notes/Beds.md', subpath: null, target: 'Notes/Beds.md' },
      { node_id: SEEDS, file: 'Notes/Seeds.md', subpath: '#Spring', target: 'Notes/Seeds.md' },
    ]);
    expect(output.problems).toEqual([]);
  });

  // Obsidian's canvas resolves a file node by exact vault path: a wrong case or a missing file shows as missing.
  it('gives null for a file node whose path has no file, matching the path exactly', async () => {
    await call(vault, 'canvas_patch', { path: 'Garden.canvas', ops: [{ op: 'update_node', id: BEDS, set: { file: 'notes/beds.md' } }, { op: 'update_node', id: SEEDS, set: { file: 'Gone.md' } }] });
    const output = await call<{ files: { target: string | null }[] }>(vault, 'canvas_read', { path: 'Garden.canvas' });
    expect(output.files.map((file) => file.target)).toEqual([null, null]);
  });

  it('reads an empty file as an empty canvas, lists problems of an invalid one, and refuses text that is not JSON', async () => {
    expect(await call(vault, 'canvas_read', { path: 'Boards/Empty.canvas' })).toMatchObject({ canvas: { nodes: [], edges: [] }, files: [], problems: [] });
    expect(await call(vault, 'canvas_read', { path: 'Dangling.canvas' })).toMatchObject({ problems: [{ code: 'dangling_edge', id: 'e', field: 'toNode' }] });
    expect(await expectIndxError(vault.engine.call('canvas_read', { path: 'Broken.canvas' }), 'canvas_invalid')).toMatchObject({ path: 'Broken.canvas', problems: [{ code: 'invalid_json' }] });
    await expectIndxError(vault.engine.call('canvas_read', { path: 'Missing.canvas' }), 'not_found');
    await expectIndxError(vault.engine.call('canvas_read', { path: '../outside.canvas' }), 'invalid_path');
  });

  it('refuses a path with another extension instead of reading "<name>.md.canvas"', async () => {
    expect(await expectIndxError(vault.engine.call('canvas_read', { path: 'Home.md' }), 'invalid_path')).toMatchObject({ path: 'Home.md' });
    await expectIndxError(vault.engine.call('canvas_write', { path: 'Garden.CANVAS', canvas: {} }), 'invalid_path');
    await expectIndxError(vault.engine.call('canvas_patch', { path: 'sketch.png', ops: [{ op: 'remove_node', id: 'a' }] }), 'invalid_path');
    expect(await onDisk(vault, 'Garden.canvas')).toBe(OBSIDIAN);
  });
});

describe('canvas_write', () => {
  let vault: TempVault;
  let events: AuditEvent[];
  beforeEach(async () => {
    vault = await createTempVault(FILES);
    events = [];
    vault.engine.audit.subscribe((event) => events.push(event));
  });
  afterEach(async () => vault.dispose());

  it('creates a canvas in Obsidian\'s layout, atomically and audited', async () => {
    const canvas = { nodes: [{ id: 'a', type: 'text', text: 'Hello', x: 0, y: 0, width: 250, height: 60 }] };
    const output = await call<CanvasOutput>(vault, 'canvas_write', { path: 'Boards/New', canvas });
    expect(output).toMatchObject({ path: 'Boards/New.canvas', created: true, changed: true, canvas: { nodes: canvas.nodes, edges: [] } });
    const text = await onDisk(vault, 'Boards/New.canvas');
    expect(text).toBe('{\n\t"nodes":[\n\t\t{"id":"a","type":"text","text":"Hello","x":0,"y":0,"width":250,"height":60}\n\t],\n\t"edges":[]\n}');
    expect(output.etag).toBe(vault.engine.etag(text));
    expect(events.map((event) => [event.op, event.path, event.etag_before, event.etag_after])).toEqual([['canvas_write', 'Boards/New.canvas', null, output.etag]]);
    await expectIndxError(vault.engine.call('canvas_write', { path: 'Other.canvas', canvas, if_match: '0123456789abcdef' }), 'not_found');
    await expectIndxError(vault.engine.call('canvas_write', { path: 'Bad#name.canvas', canvas }), 'invalid_path');
  });

  it('writing back what canvas_read returned changes no byte and writes nothing', async () => {
    const before = await stat(join(vault.root, 'Garden.canvas'));
    const read = await call<{ canvas: unknown; etag: string }>(vault, 'canvas_read', { path: 'Garden.canvas' });
    const output = await call<CanvasOutput>(vault, 'canvas_write', { path: 'Garden.canvas', canvas: read.canvas, if_match: read.etag });
    expect(output).toMatchObject({ changed: false, created: false, etag: read.etag });
    expect(await onDisk(vault, 'Garden.canvas')).toBe(OBSIDIAN);
    expect((await stat(join(vault.root, 'Garden.canvas'))).mtimeMs).toBe(before.mtimeMs);
    expect(events).toEqual([]);
  });

  it('round-trips a canvas whose top-level keys come in another order, with extra keys, byte for byte', async () => {
    const text = '{\n  "version": "x-1",\n  "edges": [],\n  "nodes": [\n    {"id": "a", "type": "text", "text": "A", "x": 0, "y": 0, "width": 1, "height": 1, "z": {"k": [1, 2]}}\n  ]\n}\n';
    await vault.host.create('Odd.canvas', text);
    const read = await call<{ canvas: unknown; etag: string }>(vault, 'canvas_read', { path: 'Odd.canvas' });
    expect(await call(vault, 'canvas_write', { path: 'Odd.canvas', canvas: read.canvas, if_match: read.etag })).toMatchObject({ changed: false });
    expect(await onDisk(vault, 'Odd.canvas')).toBe(text);
  });

  it('replaces a canvas keeping its layout and the bytes of unchanged nodes', async () => {
    const document = JSON.parse(OBSIDIAN) as { nodes: { id: string; x: number }[] };
    (document.nodes[1] as { x: number }).x = 99;
    const output = await call<CanvasOutput>(vault, 'canvas_write', { path: 'Garden.canvas', canvas: document });
    expect(output.changed).toBe(true);
    expect(await onDisk(vault, 'Garden.canvas')).toBe(OBSIDIAN.replace(`"id":"${BEDS}","type":"file","file":"Notes/Beds.md","x":0`, `"id":"${BEDS}","type":"file","file":"Notes/Beds.md","x":99`));
  });

  it('replaces a file that is not JSON with a fresh canvas', async () => {
    await call(vault, 'canvas_write', { path: 'Broken.canvas', canvas: {} });
    expect(await onDisk(vault, 'Broken.canvas')).toBe('{\n\t"nodes":[],\n\t"edges":[]\n}');
  });

  it('refuses an invalid canvas (duplicate id, dangling edge) with canvas_invalid and leaves the file alone', async () => {
    const canvas = { nodes: [{ id: 'a', type: 'text', text: 'A', x: 0, y: 0, width: 1, height: 1 }, { id: 'a', type: 'text', text: 'B', x: 0, y: 0, width: 1, height: 1 }], edges: [{ id: 'e', fromNode: 'a', toNode: 'zzz' }] };
    const details = await expectIndxError(vault.engine.call('canvas_write', { path: 'Garden.canvas', canvas }), 'canvas_invalid');
    expect(details).toMatchObject({ path: 'Garden.canvas', problem_count: 2, problems: [{ code: 'duplicate_id', id: 'a' }, { code: 'dangling_edge', id: 'e' }] });
    await expectIndxError(vault.engine.call('canvas_write', { path: 'Fresh.canvas', canvas }), 'canvas_invalid');
    expect(await onDisk(vault, 'Garden.canvas')).toBe(OBSIDIAN);
    expect(events).toEqual([]);
  });

  it('fails with etag_mismatch when if_match is stale, and writes nothing', async () => {
    const details = await expectIndxError(vault.engine.call('canvas_write', { path: 'Garden.canvas', canvas: {}, if_match: '0123456789abcdef' }), 'etag_mismatch');
    expect(details).toMatchObject({ path: 'Garden.canvas', expected: '0123456789abcdef', current_etag: vault.engine.etag(OBSIDIAN) });
    expect(await onDisk(vault, 'Garden.canvas')).toBe(OBSIDIAN);
  });
});

describe('canvas_patch', () => {
  let vault: TempVault;
  beforeEach(async () => (vault = await createTempVault(FILES)));
  afterEach(async () => vault.dispose());

  const patch = (input: Record<string, unknown>) => call<CanvasOutput>(vault, 'canvas_patch', { path: 'Garden.canvas', ...input });

  it('applies each op kind, rewriting only the lines of what it touched', async () => {
    const lines = OBSIDIAN.split('\n');
    await patch({ ops: [{ op: 'update_node', id: BEDS, set: { color: '1' } }] });
    expect(await onDisk(vault, 'Garden.canvas')).toBe(OBSIDIAN.replace('"height":400,"color":"4"}', '"height":400,"color":"1"}'));
    await patch({ ops: [{ op: 'update_edge', id: EDGE_NOTE_BEDS, set: { label: 'because' } }] });
    expect((await onDisk(vault, 'Garden.canvas')).split('\n')[10]).toBe(lines[10]?.replace('"label":"why"', '"label":"because"'));
    const removed = await patch({ ops: [{ op: 'remove_edge', id: EDGE_BEDS_SEEDS }] });
    expect(removed.removed.edges).toEqual([EDGE_BEDS_SEEDS]);
    const added = await patch({ ops: [{ op: 'add_edge', edge: { fromNode: SEEDS, toNode: BEDS, toEnd: 'none' } }] });
    const edgeId = added.added.edges[0] ?? '';
    expect((await onDisk(vault, 'Garden.canvas')).split('\n').at(-3)).toBe(`\t\t{"id":"${edgeId}","fromNode":"${SEEDS}","toNode":"${BEDS}","toEnd":"none"}`);
    const node = await patch({ ops: [{ op: 'add_node', node: { type: 'file', file: 'Home.md', x: 0, y: 900 } }] });
    expect(node.canvas.nodes.at(-1)).toEqual({ id: node.added.nodes[0], type: 'file', file: 'Home.md', x: 0, y: 900, width: 400, height: 400 });
    const gone = await patch({ ops: [{ op: 'remove_node', id: BEDS }] });
    expect(gone.removed).toEqual({ nodes: [BEDS], edges: [EDGE_NOTE_BEDS, edgeId] });
    expect(gone.canvas.edges).toEqual([]);
    expect(JSON.parse(await onDisk(vault, 'Garden.canvas'))).toEqual(gone.canvas);
  });

  it('applies a sequence atomically: one failing op writes nothing', async () => {
    const details = await expectIndxError(vault.engine.call('canvas_patch', { path: 'Garden.canvas', ops: [{ op: 'remove_node', id: SEEDS }, { op: 'update_node', id: 'nope', set: { x: 1 } }] }), 'canvas_id_not_found');
    expect(details).toMatchObject({ op_index: 1, id: 'nope' });
    expect(await onDisk(vault, 'Garden.canvas')).toBe(OBSIDIAN);
  });

  it('refuses a result that is not a valid canvas with canvas_invalid', async () => {
    const details = await expectIndxError(vault.engine.call('canvas_patch', { path: 'Garden.canvas', ops: [{ op: 'add_edge', edge: { id: 'x', fromNode: BEDS, toNode: 'ghost' } }] }), 'canvas_invalid');
    expect(details).toMatchObject({ problems: [{ code: 'dangling_edge', id: 'x', field: 'toNode' }] });
    await expectIndxError(vault.engine.call('canvas_patch', { path: 'Garden.canvas', ops: [{ op: 'update_node', id: BEDS, set: { width: 'wide' } }] }), 'canvas_invalid');
    await expectIndxError(vault.engine.call('canvas_patch', { path: 'Broken.canvas', ops: [{ op: 'remove_node', id: 'a' }] }), 'canvas_invalid');
    // A pre-existing problem can be repaired in the same call.
    await expectIndxError(vault.engine.call('canvas_patch', { path: 'Dangling.canvas', ops: [{ op: 'update_node', id: 'a', set: { x: 5 } }] }), 'canvas_invalid');
    expect(await call(vault, 'canvas_patch', { path: 'Dangling.canvas', ops: [{ op: 'remove_edge', id: 'e' }] })).toMatchObject({ changed: true, canvas: { edges: [] } });
    expect(await onDisk(vault, 'Garden.canvas')).toBe(OBSIDIAN);
  });

  it('checks if_match inside the write: a stale etag fails with etag_mismatch, the current one succeeds', async () => {
    const { etag } = await call<{ etag: string }>(vault, 'canvas_read', { path: 'Garden.canvas' });
    const first = await patch({ ops: [{ op: 'update_node', id: BEDS, set: { x: 1 } }], if_match: etag });
    expect(first.etag).not.toBe(etag);
    const details = await expectIndxError(vault.engine.call('canvas_patch', { path: 'Garden.canvas', ops: [{ op: 'update_node', id: BEDS, set: { x: 2 } }], if_match: etag }), 'etag_mismatch');
    expect(details).toMatchObject({ current_etag: first.etag });
    expect((JSON.parse(await onDisk(vault, 'Garden.canvas')) as { nodes: unknown[] }).nodes[1]).toMatchObject({ id: BEDS, x: 1 });
  });

  it('writes nothing for ops that change nothing', async () => {
    const output = await patch({ ops: [{ op: 'update_node', id: BEDS, set: { x: 0, color: '4' } }] });
    expect(output).toMatchObject({ changed: false, etag: vault.engine.etag(OBSIDIAN) });
    expect(await onDisk(vault, 'Garden.canvas')).toBe(OBSIDIAN);
  });

  it('fills an empty canvas file in Obsidian\'s layout', async () => {
    await call(vault, 'canvas_patch', { path: 'Boards/Empty.canvas', ops: [{ op: 'add_node', node: { id: 'x', type: 'link', url: 'https://example.org', x: 0, y: 0 } }] });
    expect(await onDisk(vault, 'Boards/Empty.canvas')).toBe('{\n\t"nodes":[\n\t\t{"id":"x","type":"link","url":"https://example.org","x":0,"y":0,"width":400,"height":400}\n\t],\n\t"edges":[]\n}');
  });

  it('rejects malformed ops with invalid_input before touching the file', async () => {
    await expectIndxError(vault.engine.call('canvas_patch', { path: 'Garden.canvas', ops: [{ op: 'add_node', node: { type: 'image', x: 0, y: 0 } }] }), 'invalid_input');
    await expectIndxError(vault.engine.call('canvas_patch', { path: 'Garden.canvas', ops: [] }), 'invalid_input');
    await expectIndxError(vault.engine.call('canvas_patch', { path: 'Missing.canvas', ops: [{ op: 'remove_node', id: 'a' }] }), 'not_found');
  });

  // One call runs inside the host's atomic write of the file, so the number of ops is bounded.
  it('takes up to 1,000 ops in one call and refuses more with invalid_input', async () => {
    const addNode = (index: number) => ({ op: 'add_node', node: { type: 'text', text: `${index}`, x: index, y: 0 } });
    await expectIndxError(vault.engine.call('canvas_patch', { path: 'Garden.canvas', ops: Array.from({ length: 1001 }, (_, index) => addNode(index)) }), 'invalid_input');
    expect(await onDisk(vault, 'Garden.canvas')).toBe(OBSIDIAN);
    const output = await patch({ ops: Array.from({ length: 1000 }, (_, index) => addNode(index)) });
    expect(output.added.nodes).toHaveLength(1000);
    expect(output.canvas.nodes).toHaveLength(1005);
  });
});

describe('canvases in the link graph', () => {
  let vault: TempVault;
  beforeEach(async () => (vault = await createTempVault(FILES)));
  afterEach(async () => vault.dispose());

  type Backlinks = { backlinks: { source: string; count: number; links: { original: string; line: number | null; kind: string }[] }[]; total: number };
  const backlinksOf = (path: string) => call<Backlinks>(vault, 'link_backlinks', { path });

  it('link_backlinks lists a canvas through its file nodes (with subpath) and the links of its text nodes', async () => {
    expect((await backlinksOf('Notes/Beds.md')).backlinks).toEqual([
      { source: 'Garden.canvas', count: 1, links: [{ original: 'Notes/Beds.md', line: 3, kind: 'embed' }] },
      { source: 'Home.md', count: 1, links: [{ original: '[[Beds]]', line: 0, kind: 'link' }] },
    ]);
    expect((await backlinksOf('Notes/Seeds.md')).backlinks).toEqual([
      { source: 'Garden.canvas', count: 2, links: [{ original: 'Notes/Seeds.md#Spring', line: 4, kind: 'embed' }, { original: '[[Seeds]]', line: 5, kind: 'link' }] },
    ]);
    expect((await backlinksOf('sketch.png')).backlinks).toEqual([{ source: 'Garden.canvas', count: 1, links: [{ original: '![[sketch.png]]', line: 5, kind: 'embed' }] }]);
    const read = await call<{ backlinks: { source: string }[] }>(vault, 'note_read', { path: 'Notes/Beds.md', include: ['backlinks'] });
    expect(read.backlinks.map((backlink) => backlink.source)).toEqual(['Garden.canvas', 'Home.md']);
  });

  it('follows canvas edits, new canvases and removed ones', async () => {
    await call(vault, 'canvas_patch', { path: 'Garden.canvas', ops: [{ op: 'remove_node', id: BEDS }] });
    expect((await backlinksOf('Notes/Beds.md')).backlinks.map((backlink) => backlink.source)).toEqual(['Home.md']);
    await call(vault, 'canvas_write', { path: 'Boards/Beds.canvas', canvas: { nodes: [{ id: 'b', type: 'file', file: 'Notes/Beds.md', subpath: '#Layout', x: 0, y: 0, width: 400, height: 400 }] } });
    expect((await backlinksOf('Notes/Beds.md')).backlinks.map((backlink) => [backlink.source, backlink.links[0]?.original])).toEqual([['Boards/Beds.canvas', 'Notes/Beds.md#Layout'], ['Home.md', '[[Beds]]']]);
    await vault.host.trash('Boards/Beds.canvas');
    expect((await backlinksOf('Notes/Beds.md')).total).toBe(1);
    // A change made straight through the host (as a sync client would) is seen too.
    await vault.host.process('Boards/Empty.canvas', () => JSON.stringify({ nodes: [{ id: 'z', type: 'text', text: 'see [[Beds]]', x: 0, y: 0, width: 1, height: 1 }], edges: [] }));
    expect((await backlinksOf('Notes/Beds.md')).backlinks.map((backlink) => backlink.source)).toEqual(['Boards/Empty.canvas', 'Home.md']);
  });

  it('note_move rewrites canvas file nodes, keeping the subpath, and the backlinks follow', async () => {
    const moved = await call<{ updated: { path: string; links_changed: number }[] }>(vault, 'note_move', { from: 'Notes/Seeds.md', to: 'Archive/Old seeds.md' });
    expect(moved.updated).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'Garden.canvas', links_changed: 2 })]));
    const text = await onDisk(vault, 'Garden.canvas');
    expect(text).toContain('{"id":"2b3c4d5e6f708192","type":"file","file":"Archive/Old seeds.md","subpath":"#Spring",');
    expect(text).toContain('"text":"Order [[Old seeds]] before **March**.');
    const read = await call<{ files: { target: string | null }[]; problems: unknown[] }>(vault, 'canvas_read', { path: 'Garden.canvas' });
    expect(read.files.map((file) => file.target)).toEqual(['Notes/Beds.md', 'Archive/Old seeds.md']);
    expect((await backlinksOf('Archive/Old seeds.md')).backlinks).toEqual([{ source: 'Garden.canvas', count: 2, links: [{ original: 'Archive/Old seeds.md#Spring', line: 4, kind: 'embed' }, { original: '[[Old seeds]]', line: 5, kind: 'link' }] }]);
  });

  it('counts a group background image as a backlink and rewrites it when the image moves', async () => {
    await call(vault, 'canvas_patch', { path: 'Garden.canvas', ops: [{ op: 'update_node', id: '5f0a1c2b3d4e5f60', set: { background: 'sketch.png', backgroundStyle: 'cover' } }] });
    expect((await backlinksOf('sketch.png')).backlinks).toEqual([{ source: 'Garden.canvas', count: 2, links: [{ original: 'sketch.png', line: 2, kind: 'embed' }, { original: '![[sketch.png]]', line: 5, kind: 'embed' }] }]);
    const moved = await call<{ updated: { path: string; links_changed: number }[] }>(vault, 'note_move', { from: 'sketch.png', to: 'Assets/sketch.png' });
    // The background path is rewritten; ![[sketch.png]] in the text node still resolves by name, so it stays.
    expect(moved.updated).toEqual([expect.objectContaining({ path: 'Garden.canvas', links_changed: 1 })]);
    const lines = (await onDisk(vault, 'Garden.canvas')).split('\n');
    expect(lines[2]).toBe('\t\t{"id":"5f0a1c2b3d4e5f60","type":"group","x":-60,"y":-60,"width":980,"height":560,"label":"Garden","background":"Assets/sketch.png","backgroundStyle":"cover"},');
    expect(lines[5]).toBe(OBSIDIAN.split('\n')[5]);
    expect((await backlinksOf('Assets/sketch.png')).backlinks).toEqual([{ source: 'Garden.canvas', count: 2, links: [{ original: 'Assets/sketch.png', line: 2, kind: 'embed' }, { original: '![[sketch.png]]', line: 5, kind: 'embed' }] }]);
  });

  it('a moved canvas keeps its backlinks under its new path', async () => {
    await call(vault, 'note_move', { from: 'Garden.canvas', to: 'Boards/Garden.canvas' });
    expect((await backlinksOf('Notes/Beds.md')).backlinks.map((backlink) => backlink.source)).toEqual(['Boards/Garden.canvas', 'Home.md']);
  });
});
