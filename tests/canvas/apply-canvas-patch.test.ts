import { setTimeout as delay } from 'node:timers/promises';
import { applyCanvasPatch } from '../../src/core/canvas/apply-canvas-patch';
import type { JsonObject } from '../../src/core/canvas/canvas-document';
import { createCanvasIdGenerator } from '../../src/core/canvas/canvas-id';
import { canvasPatchOpSchema } from '../../src/core/canvas/canvas-patch-op';
import { findCanvasProblems } from '../../src/core/canvas/find-canvas-problems';
import { serializeCanvas } from '../../src/core/canvas/serialize-canvas';
import { thrownIndxError } from '../markdown/thrown-indx-error';
import { OBSIDIAN, parsed, seededIds } from './canvas-fixtures';

const GROUP = '5f0a1c2b3d4e5f60';
const BEDS = '1a2b3c4d5e6f7081';
const SEEDS = '2b3c4d5e6f708192';
const NOTE = '3c4d5e6f708192a3';
const EDGE_BEDS_SEEDS = '6e7f8091a2b3c4d5';
const EDGE_NOTE_BEDS = '7f8091a2b3c4d5e6';

/** Applies ops (parsed by the op schema, as the operation does) to the Obsidian fixture. */
function patch(ops: unknown[], root: JsonObject = parsed(OBSIDIAN).root) {
  return applyCanvasPatch(root, 'Garden.canvas', ops.map((op) => canvasPatchOpSchema.parse(op)), seededIds(7));
}

/** The text the patched canvas is written as, over the fixture. */
function written(ops: unknown[]): string {
  return serializeCanvas(patch(ops).document, parsed(OBSIDIAN));
}

const lines = (text: string) => text.split('\n');

describe('applyCanvasPatch: each op on its own', () => {
  it('add_node appends a node with a generated Obsidian-style id, default size and Obsidian key order', () => {
    const result = patch([{ op: 'add_node', node: { color: '2', y: 20, x: 10, text: 'Water daily', type: 'text' } }]);
    const id = result.added.nodes[0] ?? '';
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(result.document.nodes.at(-1)).toEqual({ id, type: 'text', text: 'Water daily', x: 10, y: 20, width: 250, height: 60, color: '2' });
    expect(Object.keys(result.document.nodes.at(-1) ?? {})).toEqual(['id', 'type', 'text', 'x', 'y', 'width', 'height', 'color']);
    expect(lines(written([{ op: 'add_node', node: { type: 'text', text: 'Water daily', x: 10, y: 20 } }]))).toEqual([...lines(OBSIDIAN).slice(0, 7).map((line, index) => (index === 6 ? `${line},` : line)), `\t\t{"id":"${id}","type":"text","text":"Water daily","x":10,"y":20,"width":250,"height":60}`, ...lines(OBSIDIAN).slice(7)]);
  });

  it('add_node takes a given id, keeps extra keys, and sizes file, link and group cards 400×400', () => {
    const result = patch([
      { op: 'add_node', node: { id: 'mine', type: 'file', file: 'Notes/Beds.md', subpath: '#Layout', x: 0, y: 0, 'plugin-x': true } },
      { op: 'add_node', node: { type: 'group', label: 'Beds', x: 0, y: 0, width: 900 } },
    ]);
    expect(result.added.nodes[0]).toBe('mine');
    expect(result.document.nodes.at(-2)).toEqual({ id: 'mine', type: 'file', file: 'Notes/Beds.md', subpath: '#Layout', x: 0, y: 0, width: 400, height: 400, 'plugin-x': true });
    expect(result.document.nodes.at(-1)).toMatchObject({ type: 'group', label: 'Beds', width: 900, height: 400 });
  });

  it('update_node changes fields in place, appends new ones, and removes those set to null', () => {
    const result = patch([{ op: 'update_node', id: BEDS, set: { x: 40, color: null, subpath: '#Layout' } }]);
    expect(result.document.nodes[1]).toEqual({ id: BEDS, type: 'file', file: 'Notes/Beds.md', x: 40, y: 0, width: 400, height: 400, subpath: '#Layout' });
    expect(result.added).toEqual({ nodes: [], edges: [] });
    expect(result.removed).toEqual({ nodes: [], edges: [] });
  });

  it('remove_node removes the node and every edge attached to it, reporting their ids', () => {
    const result = patch([{ op: 'remove_node', id: BEDS }]);
    expect(result.document.nodes.map((node) => node.id)).toEqual([GROUP, SEEDS, NOTE, '4d5e6f708192a3b4']);
    expect(result.document.edges).toEqual([]);
    expect(result.removed).toEqual({ nodes: [BEDS], edges: [EDGE_BEDS_SEEDS, EDGE_NOTE_BEDS] });
  });

  it('add_edge connects two nodes with Obsidian key order', () => {
    const result = patch([{ op: 'add_edge', edge: { toNode: NOTE, label: 'read', fromNode: SEEDS, toSide: 'top', fromSide: 'bottom' } }]);
    const id = result.added.edges[0] ?? '';
    expect(Object.entries(result.document.edges.at(-1) ?? {})).toEqual([['id', id], ['fromNode', SEEDS], ['fromSide', 'bottom'], ['toNode', NOTE], ['toSide', 'top'], ['label', 'read']]);
    expect(findCanvasProblems(result.document)).toEqual([]);
  });

  it('update_edge changes an edge', () => {
    const result = patch([{ op: 'update_edge', id: EDGE_NOTE_BEDS, set: { label: null, toEnd: 'arrow', color: '1' } }]);
    expect(result.document.edges[1]).toEqual({ id: EDGE_NOTE_BEDS, fromNode: NOTE, fromSide: 'top', toNode: BEDS, toSide: 'bottom', toEnd: 'arrow', color: '1' });
  });

  it('remove_edge removes only that edge', () => {
    const result = patch([{ op: 'remove_edge', id: EDGE_BEDS_SEEDS }]);
    expect(result.document.edges.map((edge) => edge.id)).toEqual([EDGE_NOTE_BEDS]);
    expect(result.document.nodes).toHaveLength(5);
    expect(result.removed).toEqual({ nodes: [], edges: [EDGE_BEDS_SEEDS] });
  });
});

describe('applyCanvasPatch: sequences and failures', () => {
  it('applies ops in order: a node added with an id can be connected, moved and removed in one call', () => {
    const result = patch([
      { op: 'add_node', node: { id: 'todo', type: 'text', text: 'To do', x: 0, y: 600 } },
      { op: 'add_edge', edge: { id: 'todo-edge', fromNode: 'todo', toNode: BEDS } },
      { op: 'update_node', id: 'todo', set: { y: 700 } },
      { op: 'remove_node', id: SEEDS },
      { op: 'add_node', node: { type: 'link', url: 'https://example.org', x: 0, y: 0 } },
      { op: 'remove_node', id: 'todo' },
    ]);
    expect(result.added.nodes).toEqual(['todo', expect.stringMatching(/^[0-9a-f]{16}$/) as unknown]);
    expect(result.added.edges).toEqual(['todo-edge']);
    expect(result.removed).toEqual({ nodes: [SEEDS, 'todo'], edges: [EDGE_BEDS_SEEDS, 'todo-edge'] });
    expect(result.document.edges.map((edge) => edge.id)).toEqual([EDGE_NOTE_BEDS]);
    expect(findCanvasProblems(result.document)).toEqual([]);
  });

  it('leaves the input document untouched and passes untouched items through as the same objects', () => {
    const root = parsed(OBSIDIAN).root;
    const before = JSON.stringify(root);
    const result = patch([{ op: 'update_node', id: BEDS, set: { x: 1 } }, { op: 'remove_edge', id: EDGE_BEDS_SEEDS }], root);
    expect(JSON.stringify(root)).toBe(before);
    const nodes = root.nodes as JsonObject[];
    expect(result.document.nodes[0]).toBe(nodes[0]);
    expect(result.document.nodes[2]).toBe(nodes[2]);
    expect(result.document.nodes[1]).not.toBe(nodes[1]);
  });

  it('fails with canvas_id_not_found naming the op and the id', () => {
    const error = thrownIndxError(() => patch([{ op: 'update_node', id: BEDS, set: { x: 1 } }, { op: 'remove_edge', id: 'nope' }]));
    expect(error.code).toBe('canvas_id_not_found');
    expect(error.details).toMatchObject({ op_index: 1, op: 'remove_edge', id: 'nope', kind: 'edge' });
    expect(error.message).toMatch(/^Op 2 of the patch \(remove_edge\) failed, so nothing was applied: There is no edge with id "nope"/);
    expect(thrownIndxError(() => patch([{ op: 'remove_node', id: EDGE_BEDS_SEEDS }])).details).toMatchObject({ kind: 'node', id: EDGE_BEDS_SEEDS });
  });

  it('refuses an explicit id that is taken, by a node or an edge, with canvas_invalid', () => {
    const error = thrownIndxError(() => patch([{ op: 'add_node', node: { id: EDGE_BEDS_SEEDS, type: 'text', text: '', x: 0, y: 0 } }]));
    expect(error.code).toBe('canvas_invalid');
    expect(error.details).toMatchObject({ op_index: 0, problems: [{ code: 'duplicate_id', id: EDGE_BEDS_SEEDS }] });
  });

  it('refuses to change an id through update_node or update_edge', () => {
    expect(thrownIndxError(() => patch([{ op: 'update_node', id: BEDS, set: { id: 'other' } }])).code).toBe('invalid_input');
    expect(patch([{ op: 'update_node', id: BEDS, set: { id: BEDS, x: 3 } }]).document.nodes[1]).toMatchObject({ id: BEDS, x: 3 });
  });

  it('treats __proto__ in set as an ordinary key, never as the prototype', () => {
    const set = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const result = applyCanvasPatch(parsed(OBSIDIAN).root, 'Garden.canvas', [{ op: 'update_node', id: BEDS, set }], seededIds());
    const node = result.document.nodes[1] as Record<string, unknown>;
    expect(Object.hasOwn(node, '__proto__')).toBe(true);
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(node)).toBe(Object.prototype);
  });

  it('refuses to patch a canvas whose nodes are not an array of objects', () => {
    expect(thrownIndxError(() => patch([{ op: 'remove_edge', id: 'x' }], { nodes: {} as never })).details).toMatchObject({ problems: [{ code: 'wrong_type', field: 'nodes' }] });
    expect(thrownIndxError(() => patch([{ op: 'remove_edge', id: 'x' }], { nodes: [null] })).details).toMatchObject({ problems: [{ code: 'wrong_type', kind: 'node', index: 0 }] });
  });

  it('adds nodes and edges to a canvas that had neither', () => {
    const result = patch([{ op: 'add_node', node: { id: 'a', type: 'text', text: 'A', x: 0, y: 0 } }], {});
    expect(result.document).toEqual({ nodes: [{ id: 'a', type: 'text', text: 'A', x: 0, y: 0, width: 250, height: 60 }], edges: [] });
  });
});

describe('createCanvasIdGenerator', () => {
  it('makes 16 lowercase hex characters from 8 random bytes, drawing again when the id is taken', () => {
    const draws = [[0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6, 7], [255, 254, 171, 205, 16, 32, 48, 64]];
    const newId = createCanvasIdGenerator((bytes) => bytes.set(draws.shift() ?? []));
    expect(newId(new Set())).toBe('0001020304050607');
    expect(newId(new Set(['0001020304050607']))).toBe('fffeabcd10203040');
  });

  it('defaults to the platform generator', () => {
    const ids = new Set(Array.from({ length: 50 }, () => createCanvasIdGenerator()(new Set())));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('applyCanvasPatch: cost grows with the canvas and the ops, not their product', () => {
  const textNode = (id: string): JsonObject => ({ id, type: 'text', text: id, x: 0, y: 0, width: 250, height: 60 });

  /**
   * Patches, then yields to the event loop. Jest cannot interrupt synchronous work, so without
   * the yield a patch that overran the test's timeout would still pass; with it, it fails. The
   * timeouts (20 s) sit between the cost now (about 0.6 s alone, 3.5 s on a machine running eight
   * other busy processes) and the quadratic one (40 s and more alone).
   */
  async function patchWithinTimeout(ops: unknown[], root: JsonObject) {
    const result = patch(ops, root);
    await delay(0);
    return result;
  }

  // Each add_node used to gather every id of the canvas again (1,000 ops on 100k nodes: about 40 s).
  it('adds 1,000 nodes with generated ids to a canvas of 100,000 nodes', async () => {
    const nodes = Array.from({ length: 100_000 }, (_, index) => textNode(`n${index}`));
    const ops = Array.from({ length: 1000 }, (_, index) => ({ op: 'add_node', node: { type: 'text', text: `new ${index}`, x: index, y: 0 } }));
    const result = await patchWithinTimeout(ops, { nodes, edges: [] });
    expect(result.added.nodes).toHaveLength(1000);
    expect(new Set(result.added.nodes).size).toBe(1000);
    expect(result.document.nodes).toHaveLength(101_000);
    expect(findCanvasProblems(result.document)).toEqual([]);
  }, 20_000);

  // remove_node used to test every edge against the list of attached edges (quadratic), and spread
  // their ids into one push call, a RangeError at 250k.
  it('removes a node with 250,000 attached edges, and only those', async () => {
    const nodes = [textNode('hub'), ...Array.from({ length: 250_000 }, (_, index) => textNode(`n${index}`))];
    const edges: JsonObject[] = Array.from({ length: 250_000 }, (_, index) => ({ id: `e${index}`, fromNode: index % 2 === 0 ? 'hub' : `n${index}`, toNode: index % 2 === 0 ? `n${index}` : 'hub' }));
    edges.push({ id: 'kept', fromNode: 'n1', toNode: 'n2' });
    const result = await patchWithinTimeout([{ op: 'remove_node', id: 'hub' }], { nodes, edges });
    expect(result.removed.edges).toHaveLength(250_000);
    expect(result.removed.edges.slice(0, 3)).toEqual(['e0', 'e1', 'e2']);
    expect(result.document.edges).toEqual([{ id: 'kept', fromNode: 'n1', toNode: 'n2' }]);
  }, 20_000);

  it('keeps track of the ids the ops add and remove: an added id is taken, a removed one is free again', () => {
    const added = thrownIndxError(() => patch([{ op: 'add_node', node: { id: 'x', type: 'text', text: '', x: 0, y: 0 } }, { op: 'add_edge', edge: { id: 'x', fromNode: BEDS, toNode: SEEDS } }]));
    expect(added.details).toMatchObject({ op_index: 1, problems: [{ code: 'duplicate_id', id: 'x' }] });
    const reused = patch([
      { op: 'remove_node', id: BEDS },
      { op: 'add_node', node: { id: BEDS, type: 'text', text: 'again', x: 0, y: 0 } },
      { op: 'add_edge', edge: { id: EDGE_BEDS_SEEDS, fromNode: BEDS, toNode: SEEDS } },
    ]);
    expect(reused.added).toEqual({ nodes: [BEDS], edges: [EDGE_BEDS_SEEDS] });
    expect(findCanvasProblems(reused.document)).toEqual([]);
  });
});
