import * as z from 'zod';

/** Schema pieces shared by the canvas operations, each described for the model. */

export const canvasPathField = z.string().min(1).describe('Canvas path, e.g. "Boards/Plan.canvas" (.canvas added if no extension).');

const nodeSchema = z
  .record(z.string(), z.unknown())
  .describe(
    'Node: id (unique), type (text|file|link|group), x, y, width, height (px, >0), color? ("1"-"6" or "#RRGGBB"); text: text (markdown); file: file (vault path), subpath? ("#Heading"); link: url; group: label?, background?, backgroundStyle? (cover|ratio|repeat).',
  );

const edgeSchema = z
  .record(z.string(), z.unknown())
  .describe('Edge: id (unique), fromNode, toNode (node ids), fromSide?/toSide? (top|right|bottom|left), fromEnd?/toEnd? (none|arrow; default toEnd arrow), color?, label?.');

/** A JSON Canvas 1.0 document as operations return it: both arrays present, extra top-level keys kept. */
export const canvasDocumentSchema = z.looseObject({
  nodes: z.array(nodeSchema).describe('The nodes, in drawing order (later ones on top).'),
  edges: z.array(edgeSchema).describe('The edges between nodes.'),
});

/** A JSON Canvas 1.0 document as callers give it: either array may be left out (empty). */
export const canvasInputSchema = z
  .looseObject({
    nodes: z.array(nodeSchema).optional().describe('Nodes, later drawn on top.'),
    edges: z.array(edgeSchema).optional().describe('Edges between nodes of this canvas.'),
  })
  .describe('Whole canvas (JSON Canvas 1.0): {nodes, edges}.');

/** One problem found in a canvas, as operations report it. */
export const canvasProblemSchema = z.object({
  code: z.string().describe('Stable problem code: invalid_json, not_an_object, duplicate_id, dangling_edge, missing_field, wrong_type, unknown_node_type or invalid_value.'),
  message: z.string().describe('What is wrong, naming the node or edge.'),
  kind: z.enum(['canvas', 'node', 'edge']).describe('Whether the problem is in the canvas as a whole, a node or an edge.'),
  id: z.string().optional().describe('Id of the node or edge at fault.'),
  index: z.number().int().optional().describe('Position of the node or edge in its array.'),
  field: z.string().optional().describe('The field at fault.'),
});

/** Ids a canvas edit added and removed. */
export const canvasChangesSchema = {
  added: z.object({ nodes: z.array(z.string()).describe('Ids of nodes added.'), edges: z.array(z.string()).describe('Ids of edges added.') }).describe('What the edit added, with the generated ids.'),
  removed: z
    .object({ nodes: z.array(z.string()).describe('Ids of nodes removed.'), edges: z.array(z.string()).describe('Ids of edges removed, including those removed with their node.') })
    .describe('What the edit removed.'),
};
