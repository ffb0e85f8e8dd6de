import type { CanvasDocument, CanvasEdge, CanvasNode, JsonObject } from './canvas-document';

/**
 * The canvas with both `nodes` and `edges` present, as Obsidian always writes them (the spec
 * makes both optional): missing arrays are added as empty ones after the existing keys. Other
 * keys keep their values and order. Only call it on a canvas that passed `findCanvasProblems`.
 */
export function normalizeCanvas(root: JsonObject): CanvasDocument {
  return { ...root, nodes: (root.nodes ?? []) as CanvasNode[], edges: (root.edges ?? []) as CanvasEdge[] };
}

