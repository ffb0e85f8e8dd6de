import { assertValidCanvas } from '../../src/core/canvas/assert-valid-canvas';
import type { JsonObject } from '../../src/core/canvas/canvas-document';
import { findCanvasProblems } from '../../src/core/canvas/find-canvas-problems';
import { thrownIndxError } from '../markdown/thrown-indx-error';
import { OBSIDIAN } from './canvas-fixtures';

const text = (id: string, extra: JsonObject = {}): JsonObject => ({ id, type: 'text', text: id, x: 0, y: 0, width: 250, height: 60, ...extra });
const edge = (id: string, fromNode: string, toNode: string, extra: JsonObject = {}): JsonObject => ({ id, fromNode, toNode, ...extra });

/** The problems of a canvas as [code, id or index, field] triples. */
function problemsOf(root: JsonObject): [string, string | number | undefined, string | undefined][] {
  return findCanvasProblems(root).map((problem) => [problem.code, problem.id ?? problem.index, problem.field]);
}

describe('findCanvasProblems: JSON Canvas 1.0 validation', () => {
  it('finds nothing wrong with a valid canvas, an empty one, or extra keys anywhere', () => {
    expect(findCanvasProblems(JSON.parse(OBSIDIAN) as JsonObject)).toEqual([]);
    expect(findCanvasProblems({})).toEqual([]);
    expect(findCanvasProblems({ nodes: [text('a', { 'plugin:meta': { x: 1 } })], edges: [], version: 3 })).toEqual([]);
  });

  it('refuses duplicate ids among nodes, among edges, and between a node and an edge', () => {
    expect(problemsOf({ nodes: [text('a'), text('a')], edges: [] })).toEqual([['duplicate_id', 'a', 'id']]);
    expect(problemsOf({ nodes: [text('a'), text('b')], edges: [edge('e', 'a', 'b'), edge('e', 'b', 'a')] })).toEqual([['duplicate_id', 'e', 'id']]);
    expect(problemsOf({ nodes: [text('a'), text('b')], edges: [edge('a', 'a', 'b')] })).toEqual([['duplicate_id', 'a', 'id']]);
  });

  it('refuses an edge whose fromNode or toNode is not a node of the canvas', () => {
    const problems = findCanvasProblems({ nodes: [text('a')], edges: [edge('e1', 'a', 'gone'), edge('e2', 'nowhere', 'a')] });
    expect(problems.map((problem) => [problem.code, problem.id, problem.field])).toEqual([
      ['dangling_edge', 'e1', 'toNode'],
      ['dangling_edge', 'e2', 'fromNode'],
    ]);
    expect(problems[0]?.message).toBe('edge "e1": "toNode" is "gone", but there is no node with that id');
  });

  it('refuses missing required fields, per node type', () => {
    expect(problemsOf({ nodes: [{ id: 'a', type: 'text', x: 0, y: 0, width: 1, height: 1 }] })).toEqual([['missing_field', 'a', 'text']]);
    expect(problemsOf({ nodes: [{ id: 'f', type: 'file', x: 0, y: 0, width: 1, height: 1 }] })).toEqual([['missing_field', 'f', 'file']]);
    expect(problemsOf({ nodes: [{ id: 'l', type: 'link', x: 0, y: 0, width: 1, height: 1 }] })).toEqual([['missing_field', 'l', 'url']]);
    expect(problemsOf({ nodes: [{ id: 'g', type: 'group', x: 0, y: 0 }] })).toEqual([['missing_field', 'g', 'width'], ['missing_field', 'g', 'height']]);
    expect(problemsOf({ nodes: [{ type: 'text', text: '', x: 0, y: 0, width: 1, height: 1 }] })).toEqual([['missing_field', 0, 'id']]);
    expect(problemsOf({ nodes: [{ id: 'n', text: '', x: 0, y: 0, width: 1, height: 1 }] })).toEqual([['missing_field', 'n', 'type']]);
    expect(problemsOf({ nodes: [text('a')], edges: [{ id: 'e', fromNode: 'a' }] })).toEqual([['missing_field', 'e', 'toNode']]);
  });

  it('refuses wrong types', () => {
    expect(problemsOf({ nodes: [text('a', { x: '10' })] })).toEqual([['wrong_type', 'a', 'x']]);
    expect(problemsOf({ nodes: [text('a', { width: null })] })).toEqual([['wrong_type', 'a', 'width']]);
    expect(problemsOf({ nodes: [text('a', { text: 5 })] })).toEqual([['wrong_type', 'a', 'text']]);
    expect(problemsOf({ nodes: [text('a', { color: 4 })] })).toEqual([['wrong_type', 'a', 'color']]);
    expect(problemsOf({ nodes: [{ ...text('x'), id: 7 }] })).toEqual([['wrong_type', 0, 'id']]);
    expect(problemsOf({ nodes: [text('a'), 'b'] })).toEqual([['wrong_type', 1, undefined]]);
    expect(problemsOf({ nodes: {} })).toEqual([['wrong_type', undefined, 'nodes']]);
    expect(problemsOf({ nodes: [text('a')], edges: [{ id: 'e', fromNode: 'a', toNode: 1 }] })).toEqual([['wrong_type', 'e', 'toNode']]);
  });

  it('refuses an unknown node type, invalid sides, ends, background styles and subpaths', () => {
    expect(problemsOf({ nodes: [{ ...text('a'), type: 'image' }] })).toEqual([['unknown_node_type', 'a', 'type']]);
    expect(problemsOf({ nodes: [text('a')], edges: [edge('e', 'a', 'a', { fromSide: 'north', toEnd: 'diamond' })] })).toEqual([['invalid_value', 'e', 'fromSide'], ['invalid_value', 'e', 'toEnd']]);
    expect(problemsOf({ nodes: [{ id: 'g', type: 'group', x: 0, y: 0, width: 1, height: 1, backgroundStyle: 'stretch' }] })).toEqual([['invalid_value', 'g', 'backgroundStyle']]);
    // Spec: a file node's subpath "always starts with a #".
    expect(problemsOf({ nodes: [{ id: 'f', type: 'file', file: 'a.md', subpath: 'Heading', x: 0, y: 0, width: 1, height: 1 }] })).toEqual([['invalid_value', 'f', 'subpath']]);
    expect(problemsOf({ nodes: [{ id: 'f', type: 'file', file: '', x: 0, y: 0, width: 1, height: 1 }] })).toEqual([['invalid_value', 'f', 'file']]);
  });

  // The spec and Obsidian's canvas.d.ts: a preset "1" to "6" or a hex color such as "#FF0000"; Obsidian's picker writes lowercase hex.
  it('accepts the six preset colors and #RRGGBB in either case, on nodes and edges', () => {
    const colors = ['1', '2', '3', '4', '5', '6', '#FF8800', '#e01b24', '#aBc123'];
    expect(findCanvasProblems({ nodes: colors.map((color, index) => text(`n${index}`, { color })), edges: colors.map((color, index) => edge(`e${index}`, 'n0', 'n1', { color })) })).toEqual([]);
  });

  it('refuses any other color value, naming what is expected', () => {
    const refused = ['0', '7', '12', 'red', '', '#F80', '#FF88001', 'FF8800', '#GG0000', '124, 77, 255', ' 1'];
    expect(problemsOf({ nodes: refused.map((color, index) => text(`n${index}`, { color })) })).toEqual(refused.map((_color, index) => ['invalid_value', `n${index}`, 'color']));
    expect(problemsOf({ nodes: [text('a'), text('b')], edges: [edge('e', 'a', 'b', { color: 'blue' })] })).toEqual([['invalid_value', 'e', 'color']]);
    expect(findCanvasProblems({ nodes: [text('a', { color: 'red' })] })[0]?.message).toBe('node "a": "color" is "red"; expected a preset color "1" to "6" or a hex color "#RRGGBB"');
  });

  // Obsidian writes whole pixels, but reads fractional ones, and other tools write them: refusing
  // them would block every edit of such a file. A card of zero or negative size is never valid:
  // Obsidian cannot draw or grab it.
  it('accepts fractional and negative positions and fractional sizes, but refuses a width or height of zero or less', () => {
    expect(findCanvasProblems({ nodes: [text('a', { x: -12.5, y: -0.25, width: 250.25, height: 0.5 })] })).toEqual([]);
    expect(problemsOf({ nodes: [text('a', { width: 0 }), text('b', { height: -60 }), text('c', { width: -1, height: 0 })] })).toEqual([
      ['invalid_value', 'a', 'width'],
      ['invalid_value', 'b', 'height'],
      ['invalid_value', 'c', 'width'],
      ['invalid_value', 'c', 'height'],
    ]);
    expect(findCanvasProblems({ nodes: [text('a', { width: 0 })] })[0]?.message).toBe('node "a": "width" is 0; a width must be greater than 0');
    expect(problemsOf({ nodes: [{ id: 'g', type: 'group', x: 0, y: 0, width: 10, height: -10 }] })).toEqual([['invalid_value', 'g', 'height']]);
  });

  it('assertValidCanvas throws canvas_invalid with every problem and the ids in the details', () => {
    const error = thrownIndxError(() => assertValidCanvas('Board.canvas', { nodes: [text('a'), text('a')], edges: [edge('e', 'a', 'b')] }));
    expect(error.code).toBe('canvas_invalid');
    expect(error.message).toBe('Invalid JSON Canvas for "Board.canvas": node "a": has an id already used by another node or edge; ids must be unique across nodes and edges (and 1 more problem, listed in details.problems). Correct the canvas (or the ops that produced it) and try again.');
    expect(error.details).toMatchObject({ path: 'Board.canvas', problem_count: 2, problems: [{ code: 'duplicate_id', id: 'a', kind: 'node', index: 1 }, { code: 'dangling_edge', id: 'e', kind: 'edge', field: 'toNode' }] });
  });
});
