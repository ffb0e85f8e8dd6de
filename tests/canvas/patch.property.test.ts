import fc from 'fast-check';
import { applyCanvasPatch } from '../../src/core/canvas/apply-canvas-patch';
import type { JsonObject } from '../../src/core/canvas/canvas-document';
import type { CanvasPatchOp } from '../../src/core/canvas/canvas-patch-op';
import { findCanvasProblems } from '../../src/core/canvas/find-canvas-problems';
import { locateJsonSpans } from '../../src/core/canvas/locate-json-spans';
import { serializeCanvas } from '../../src/core/canvas/serialize-canvas';
import { parsed, seededIds } from './canvas-fixtures';

// A fixed seed keeps the run deterministic; raise numRuns locally when changing the patcher.
const RUN = { seed: 20261122, numRuns: 300 };

type Item = JsonObject & { id: string };
interface Canvas {
  nodes: Item[];
  edges: Item[];
}

const words = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '"', '\\', '\n', 'é', '🌱', '[[', ']]', '#', '{', '}', ','), maxLength: 16 });
const coordinate = fc.integer({ min: -2000, max: 2000 });

const nodeContent = fc.oneof(
  fc.record({ type: fc.constant('text'), text: words }),
  fc.record({ type: fc.constant('file'), file: fc.constantFrom('Notes/A.md', 'img.png', 'Deep/x y.md') }, { requiredKeys: ['type', 'file'] }),
  fc.record({ type: fc.constant('link'), url: fc.constantFrom('https://example.org', 'https://x.test/?a=1&b="2"') }),
  fc.record({ type: fc.constant('group'), label: words }, { requiredKeys: ['type'] }),
);

const node = (id: string) =>
  fc.tuple(nodeContent, coordinate, coordinate, fc.option(fc.constantFrom('1', '4', '#ff8800'), { nil: undefined })).map(([content, x, y, color]): Item => ({ id, ...content, x, y, width: 250, height: 60, ...(color === undefined ? {} : { color }) }));

/** A valid canvas: unique hex-like ids, edges between existing nodes. */
const canvas: fc.Arbitrary<Canvas> = fc.integer({ min: 0, max: 7 }).chain((count) => {
  const ids = Array.from({ length: count }, (_unused, index) => `n${index}`.padEnd(16, '0'));
  const edge = (index: number) => fc.tuple(fc.constantFrom(...ids), fc.constantFrom(...ids), fc.constantFrom(undefined, 'left', 'right')).map(([fromNode, toNode, side]): Item => ({ id: `e${index}`.padEnd(16, 'f'), fromNode, toNode, ...(side === undefined ? {} : { fromSide: side }) }));
  const edges: fc.Arbitrary<Item[]> = count === 0 ? fc.constant<Item[]>([]) : fc.integer({ min: 0, max: 6 }).chain((edgeCount) => fc.tuple(...Array.from({ length: edgeCount }, (_unused, index) => edge(index))));
  return fc.record({ nodes: fc.tuple(...ids.map(node)), edges });
});

/** The layouts a canvas file comes in. */
const LAYOUT_WRITERS: ((document: Canvas) => string)[] = [
  (document) => `{\n\t"nodes":[${document.nodes.length === 0 ? ']' : `\n${document.nodes.map((item) => `\t\t${JSON.stringify(item)}`).join(',\n')}\n\t]`},\n\t"edges":[${document.edges.length === 0 ? ']' : `\n${document.edges.map((item) => `\t\t${JSON.stringify(item)}`).join(',\n')}\n\t]`}\n}`,
  (document) => `${JSON.stringify(document, null, '\t')}\n`,
  (document) => JSON.stringify(document, null, 2),
  (document) => JSON.stringify(document),
];

/** An op chosen by numbers, turned into a real op against the canvas as it is when the op runs. */
type OpPick = { kind: number; pick: number; x: number; content: Item };
const opPick: fc.Arbitrary<OpPick> = fc.record({ kind: fc.integer({ min: 0, max: 5 }), pick: fc.nat(), x: coordinate, content: node('unused') });

function toOp(pickOp: OpPick, state: Canvas, serial: number): CanvasPatchOp | null {
  const nodeId = state.nodes[pickOp.pick % Math.max(state.nodes.length, 1)]?.id;
  const edgeId = state.edges[pickOp.pick % Math.max(state.edges.length, 1)]?.id;
  const { id: _unused, ...content } = pickOp.content;
  const ops: (CanvasPatchOp | null)[] = [
    { op: 'add_node', node: { ...(content as { type: 'text'; x: number; y: number }), id: `new${serial}` } },
    nodeId === undefined ? null : { op: 'update_node', id: nodeId, set: { x: pickOp.x } },
    nodeId === undefined ? null : { op: 'remove_node', id: nodeId },
    nodeId === undefined ? null : { op: 'add_edge', edge: { id: `newedge${serial}`, fromNode: nodeId, toNode: state.nodes[0]?.id ?? nodeId } },
    edgeId === undefined ? null : { op: 'update_edge', id: edgeId, set: { label: `l${pickOp.x}` } },
    edgeId === undefined ? null : { op: 'remove_edge', id: edgeId },
  ];
  return ops[pickOp.kind] ?? null;
}

/** Applies picks one at a time, so each op targets what exists at that point; returns the ops. */
function buildOps(start: Canvas, picks: OpPick[]): CanvasPatchOp[] {
  let state = start;
  const ops: CanvasPatchOp[] = [];
  picks.forEach((pickOp, serial) => {
    const op = toOp(pickOp, state, serial);
    if (op === null) return;
    ops.push(op);
    state = applyCanvasPatch(state as unknown as JsonObject, 'P.canvas', [op], seededIds()).document;
  });
  return ops;
}

/** Ids an op names, with the edges a removed node takes along. */
function touchedIds(ops: readonly CanvasPatchOp[], removedEdges: readonly string[]): Set<string> {
  const named = ops.map((op) => ('id' in op ? op.id : op.op === 'add_node' ? op.node.id : op.edge.id) ?? '');
  return new Set([...named, ...removedEdges]);
}

/** The exact text of each node and edge in a canvas file, by id. */
function elementTexts(text: string): Map<string, string> {
  const root = locateJsonSpans(text);
  const texts = new Map<string, string>();
  if (root.kind !== 'object') return texts;
  for (const member of root.members) {
    if (member.value.kind !== 'array') continue;
    for (const item of member.value.items) {
      const itemText = text.slice(item.start, item.end);
      texts.set((JSON.parse(itemText) as Item).id, itemText);
    }
  }
  return texts;
}

describe('canvas patches (property)', () => {
  it('never change, reorder or reformat a node or edge that no op names, and always leave a valid canvas', () => {
    fc.assert(
      fc.property(canvas, fc.nat(LAYOUT_WRITERS.length - 1), fc.array(opPick, { minLength: 1, maxLength: 6 }), (start, layoutIndex, picks) => {
        const text = (LAYOUT_WRITERS[layoutIndex] as (document: Canvas) => string)(start);
        const source = parsed(text);
        const ops = buildOps(start, picks);
        const result = applyCanvasPatch(source.root, 'P.canvas', ops, seededIds());
        const touched = touchedIds(ops, result.removed.edges);
        for (const key of ['nodes', 'edges'] as const) {
          const untouchedBefore = start[key].filter((item) => !touched.has(item.id));
          const untouchedAfter = (result.document[key] as Item[]).filter((item) => !touched.has(item.id));
          expect(untouchedAfter).toEqual(untouchedBefore);
        }
        expect(findCanvasProblems(result.document)).toEqual([]);
        const output = serializeCanvas(result.document, source);
        expect(JSON.parse(output)).toEqual(result.document);
        const after = elementTexts(output);
        for (const [id, itemText] of elementTexts(text)) if (!touched.has(id)) expect(after.get(id)).toBe(itemText);
      }),
      RUN,
    );
  });

  it('leave the bytes alone when the ops change nothing', () => {
    fc.assert(
      fc.property(canvas, fc.nat(LAYOUT_WRITERS.length - 1), (start, layoutIndex) => {
        const text = (LAYOUT_WRITERS[layoutIndex] as (document: Canvas) => string)(start);
        const source = parsed(text);
        const ops: CanvasPatchOp[] = start.nodes.map((item) => ({ op: 'update_node', id: item.id, set: { x: item.x } }));
        const result = applyCanvasPatch(source.root, 'P.canvas', ops, seededIds());
        expect(serializeCanvas(result.document, source)).toBe(text);
      }),
      RUN,
    );
  });
});
