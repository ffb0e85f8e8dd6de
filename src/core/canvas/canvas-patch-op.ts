import * as z from 'zod';
import { BACKGROUND_STYLES, EDGE_ENDS, EDGE_SIDES, NODE_TYPES } from './canvas-document';

const idField = (what: string) => z.string().min(1).describe(`Id of the ${what}.`);

const newIdField = z
  .string()
  .min(1)
  .optional()
  .describe('Optional; set one to refer to it in a later op.');

const colorField = z.string().optional().describe('"1"-"6" (red, orange, yellow, green, cyan, purple) or "#RRGGBB".');

/** A new node: its type, position and the fields of its type; extra keys are kept as given. */
const newNodeSchema = z.looseObject({
  id: newIdField,
  type: z.enum(NODE_TYPES).describe('text (markdown card), file (vault file), link (web page) or group (labelled box).'),
  x: z.number().describe('Left edge, px.'),
  y: z.number().describe('Top edge, px.'),
  width: z.number().optional().describe('Px, default 250 (text) or 400.'),
  height: z.number().optional().describe('Px, default 60 (text) or 400.'),
  text: z.string().optional().describe('text: markdown (required).'),
  file: z.string().optional().describe('file: vault path with extension (required).'),
  subpath: z.string().optional().describe('file: "#Heading" or "#^block-id" to show.'),
  url: z.string().optional().describe('link: URL (required).'),
  label: z.string().optional().describe('group: label.'),
  background: z.string().optional().describe('group: background image path.'),
  backgroundStyle: z.enum(BACKGROUND_STYLES).optional().describe('group: background style.'),
  color: colorField,
});

/** A new edge between two existing nodes; extra keys are kept as given. */
const newEdgeSchema = z.looseObject({
  id: newIdField,
  fromNode: z.string().min(1).describe('Start node id.'),
  toNode: z.string().min(1).describe('End node id.'),
  fromSide: z.enum(EDGE_SIDES).optional().describe('Side of the start node.'),
  toSide: z.enum(EDGE_SIDES).optional().describe('Side of the end node.'),
  fromEnd: z.enum(EDGE_ENDS).optional().describe('Start shape, default none.'),
  toEnd: z.enum(EDGE_ENDS).optional().describe('End shape, default arrow.'),
  color: colorField,
  label: z.string().optional().describe('Edge label.'),
});

const setField = (what: string) =>
  z
    .record(z.string(), z.unknown())
    .describe(`${what} fields to change, e.g. {"x": 100, "color": "4"}; null removes a field; id cannot change.`);

const addNode = z.object({ op: z.literal('add_node').describe('Add a node (drawn on top).'), node: newNodeSchema.describe('The new node.') });
const updateNode = z.object({ op: z.literal('update_node').describe('Change node fields.'), id: idField('node'), set: setField('node') });
const removeNode = z.object({ op: z.literal('remove_node').describe('Remove a node and its edges.'), id: idField('node') });
const addEdge = z.object({ op: z.literal('add_edge').describe('Connect two nodes.'), edge: newEdgeSchema.describe('The new edge.') });
const updateEdge = z.object({ op: z.literal('update_edge').describe('Change edge fields.'), id: idField('edge'), set: setField('edge') });
const removeEdge = z.object({ op: z.literal('remove_edge').describe('Remove an edge.'), id: idField('edge') });

/** One canvas_patch operation. */
export const canvasPatchOpSchema = z.discriminatedUnion('op', [addNode, updateNode, removeNode, addEdge, updateEdge, removeEdge]);

/** One canvas_patch operation, as parsed. */
export type CanvasPatchOp = z.output<typeof canvasPatchOpSchema>;
