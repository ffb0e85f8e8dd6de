import { IndxError, isIndxError } from '../errors';
import { isJsonObject, type CanvasDocument, type CanvasEdge, type CanvasNode, type JsonObject } from './canvas-document';
import type { CanvasIdGenerator } from './canvas-id';
import type { CanvasPatchOp } from './canvas-patch-op';
import { canvasInvalid } from './canvas-problem';
import { orderEdgeKeys, orderNodeKeys } from './order-canvas-keys';

/** The ids a patch added and removed; removed edges include those removed with their node. */
export interface CanvasPatchChanges {
  added: { nodes: string[]; edges: string[] };
  removed: { nodes: string[]; edges: string[] };
}

/** A patched canvas and what changed. */
export interface CanvasPatchResult extends CanvasPatchChanges {
  document: CanvasDocument;
}

/**
 * The canvas while ops apply: copies of the arrays; items are replaced, never mutated. `taken`
 * holds the ids of the nodes and edges now in the canvas, kept up to date by each add and
 * remove, so an op costs the same whatever the number of ops before it.
 */
interface PatchState extends CanvasPatchChanges {
  nodes: JsonObject[];
  edges: JsonObject[];
  taken: Set<string>;
  newId: CanvasIdGenerator;
  path: string;
}

type OpHandlers = { [Name in CanvasPatchOp['op']]: (state: PatchState, op: Extract<CanvasPatchOp, { op: Name }>) => void };

// Obsidian's default card sizes: a new text card is 250×60, other cards 400×400.
const DEFAULT_SIZE: Record<string, { width: number; height: number }> = { text: { width: 250, height: 60 } };
const OTHER_SIZE = { width: 400, height: 400 };

const handlers: OpHandlers = {
  add_node: (state, op) => {
    const id = freshId(state, op.node.id);
    const size = DEFAULT_SIZE[op.node.type] ?? OTHER_SIZE;
    state.nodes.push(orderNodeKeys({ ...size, ...(op.node as JsonObject), id }));
    state.added.nodes.push(id);
  },
  update_node: (state, op) => {
    const index = indexOf(state.nodes, op.id, 'node');
    state.nodes[index] = withFields(state.nodes[index] ?? {}, op.id, op.set);
  },
  remove_node: (state, op) => {
    state.nodes.splice(indexOf(state.nodes, op.id, 'node'), 1);
    state.taken.delete(op.id);
    state.removed.nodes.push(op.id);
    const kept: JsonObject[] = [];
    for (const edge of state.edges) {
      if (edge.fromNode === op.id || edge.toNode === op.id) forgetEdge(state, edge);
      else kept.push(edge);
    }
    state.edges = kept;
  },
  add_edge: (state, op) => {
    const id = freshId(state, op.edge.id);
    state.edges.push(orderEdgeKeys({ ...(op.edge as JsonObject), id }));
    state.added.edges.push(id);
  },
  update_edge: (state, op) => {
    const index = indexOf(state.edges, op.id, 'edge');
    state.edges[index] = withFields(state.edges[index] ?? {}, op.id, op.set);
  },
  remove_edge: (state, op) => {
    const [edge] = state.edges.splice(indexOf(state.edges, op.id, 'edge'), 1);
    if (edge !== undefined) forgetEdge(state, edge);
  },
};

/**
 * Applies canvas_patch ops in order to a parsed canvas (`root`, at `path`) and returns the new
 * document; `root` itself is not changed. Each op sees what the previous ops made, so a node
 * added with an explicit id can be connected by a later op. Nodes and edges no op names come
 * through as the very same objects, in the same order. Removing a node removes the edges
 * attached to it. All or nothing: a failing op throws an `IndxError` carrying `op_index` and
 * `op`. The result is not validated here (see `findCanvasProblems`).
 */
export function applyCanvasPatch(root: JsonObject, path: string, ops: readonly CanvasPatchOp[], newId: CanvasIdGenerator): CanvasPatchResult {
  const nodes = itemsOf(root, 'nodes', path);
  const edges = itemsOf(root, 'edges', path);
  const taken = new Set([...nodes.flatMap(idsOf), ...edges.flatMap(idsOf)]);
  const state: PatchState = { nodes, edges, taken, newId, path, added: { nodes: [], edges: [] }, removed: { nodes: [], edges: [] } };
  ops.forEach((op, index) => applyOne(state, op, index));
  return { document: { ...root, nodes: state.nodes as CanvasNode[], edges: state.edges as CanvasEdge[] }, added: state.added, removed: state.removed };
}

function applyOne(state: PatchState, op: CanvasPatchOp, index: number): void {
  try {
    (handlers[op.op] as (state: PatchState, op: CanvasPatchOp) => void)(state, op);
  } catch (error: unknown) {
    if (!isIndxError(error)) throw error;
    const message = `Op ${index + 1} of the patch (${op.op}) failed, so nothing was applied: ${error.message}`;
    throw new IndxError(error.code, message, { ...error.details, op_index: index, op: op.op }, { cause: error });
  }
}

/** A copy of `nodes` or `edges` (empty when missing); throws `canvas_invalid` unless it is an array of objects. */
function itemsOf(root: JsonObject, field: 'nodes' | 'edges', path: string): JsonObject[] {
  const value = root[field] ?? [];
  if (!Array.isArray(value)) throw canvasInvalid(path, [{ code: 'wrong_type', kind: 'canvas', field, message: `"${field}" must be an array` }]);
  const index = value.findIndex((item) => !isJsonObject(item));
  if (index === -1) return [...value] as JsonObject[];
  const kind = field === 'nodes' ? 'node' : 'edge';
  throw canvasInvalid(path, [{ code: 'wrong_type', kind, index, message: `${field}[${index}] must be an object` }]);
}

function indexOf(items: readonly JsonObject[], id: string, kind: 'node' | 'edge'): number {
  const index = items.findIndex((item) => item.id === id);
  if (index !== -1) return index;
  const known = items.slice(0, 20).map((item) => item.id);
  throw new IndxError('canvas_id_not_found', `There is no ${kind} with id "${id}" in the canvas. Read it with canvas_read to see the ids.`, { id, kind, known_ids: known });
}

/** The item's id as a one-element list, or none when it has no string id. */
function idsOf(item: JsonObject): string[] {
  return typeof item.id === 'string' ? [item.id] : [];
}

/** Records a removed edge: its id is reported and free again. */
function forgetEdge(state: PatchState, edge: JsonObject): void {
  for (const id of idsOf(edge)) {
    state.taken.delete(id);
    state.removed.edges.push(id);
  }
}

/**
 * The id for a new item, now taken: `wanted` when free, else a generated one. A canvas that
 * already held duplicate ids may free an id still in use; the final validation catches that.
 */
function freshId(state: PatchState, wanted: string | undefined): string {
  if (wanted !== undefined && state.taken.has(wanted)) {
    throw canvasInvalid(state.path, [{ code: 'duplicate_id', kind: 'canvas', id: wanted, field: 'id', message: `the id "${wanted}" is already used by another node or edge` }]);
  }
  const id = wanted ?? state.newId(state.taken);
  state.taken.add(id);
  return id;
}

/**
 * The item with `set` applied: named fields take their new values in place, new fields are
 * appended, null removes a field. Built with `Object.fromEntries`, so a key such as `__proto__`
 * is an ordinary key.
 */
function withFields(item: JsonObject, id: string, set: Record<string, unknown>): JsonObject {
  if (Object.hasOwn(set, 'id') && set.id !== id) throw new IndxError('invalid_input', `The id of "${id}" cannot change. Remove the item and add a new one instead.`, { id, field: 'id' });
  const kept = Object.entries(item).flatMap(([key, value]): [string, unknown][] => (!Object.hasOwn(set, key) ? [[key, value]] : set[key] === null ? [] : [[key, set[key]]]));
  const added = Object.entries(set).filter(([key, value]) => !Object.hasOwn(item, key) && value !== null);
  return Object.fromEntries([...kept, ...added]) as JsonObject;
}
