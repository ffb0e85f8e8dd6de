import type { JsonObject } from './canvas-document';

// The key order Obsidian writes: identity, type and content first, geometry, then decoration.
const NODE_KEY_ORDER = ['id', 'type', 'text', 'file', 'subpath', 'url', 'x', 'y', 'width', 'height', 'label', 'background', 'backgroundStyle', 'color'];
const EDGE_KEY_ORDER = ['id', 'fromNode', 'fromSide', 'toNode', 'toSide', 'fromEnd', 'toEnd', 'color', 'label'];

/** A new node with its keys in Obsidian's order; keys the spec does not name follow, as given. */
export function orderNodeKeys(node: JsonObject): JsonObject {
  return orderKeys(node, NODE_KEY_ORDER);
}

/** A new edge with its keys in Obsidian's order; keys the spec does not name follow, as given. */
export function orderEdgeKeys(edge: JsonObject): JsonObject {
  return orderKeys(edge, EDGE_KEY_ORDER);
}

function orderKeys(item: JsonObject, order: readonly string[]): JsonObject {
  const known = order.filter((key) => Object.hasOwn(item, key) && item[key] !== undefined);
  const rest = Object.keys(item).filter((key) => !order.includes(key) && item[key] !== undefined);
  return Object.fromEntries([...known, ...rest].map((key) => [key, item[key]])) as JsonObject;
}
