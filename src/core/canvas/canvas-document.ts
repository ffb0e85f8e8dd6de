/**
 * The JSON Canvas 1.0 document model (jsoncanvas.org/spec/1.0, Obsidian's `canvas.d.ts`). A
 * document is the parsed JSON object itself: known fields are typed, every other key (Obsidian
 * and plugins add some) stays on the object untouched and in its order.
 */

/** A JSON value as `JSON.parse` returns it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object as `JSON.parse` returns it. */
export type JsonObject = { [key: string]: JsonValue };

/** The four node types of JSON Canvas 1.0. */
export const NODE_TYPES = ['text', 'file', 'link', 'group'] as const;

/** A node type. */
export type CanvasNodeType = (typeof NODE_TYPES)[number];

/** The sides an edge can attach to. */
export const EDGE_SIDES = ['top', 'right', 'bottom', 'left'] as const;

/** The shapes of an edge's ends. */
export const EDGE_ENDS = ['none', 'arrow'] as const;

/** How a group's background image is drawn. */
export const BACKGROUND_STYLES = ['cover', 'ratio', 'repeat'] as const;

/** A node: the generic fields of every type, the type's own fields, and any extra keys. */
export interface CanvasNode extends JsonObject {
  id: string;
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An edge between two nodes, with any extra keys. */
export interface CanvasEdge extends JsonObject {
  id: string;
  fromNode: string;
  toNode: string;
}

/** A whole canvas: `nodes` and `edges` (both optional in the spec) and any extra top-level keys. */
export interface CanvasDocument extends JsonObject {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
}

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
