import { z } from 'zod';
import { BACKGROUND_STYLES, EDGE_ENDS, EDGE_SIDES, NODE_TYPES } from './canvas-document';

const idField = (what: string) => z.string().min(1).describe(`Id of the ${what} to change, as canvas_read returns it.`);

const newIdField = z
  .string()
  .min(1)
  .optional()
  .describe('Id for the new item; omit it to get a fresh Obsidian-style id (16 lowercase hex characters). Give one yourself when a later op in the same call must refer to it.');

const colorField = z.string().optional().describe('Color: "1" red, "2" orange, "3" yellow, "4" green, "5" cyan, "6" purple, or a hex color like "#FF8800".');

/** A new node: its type, position and the fields of its type; extra keys are kept as given. */
const newNodeSchema = z.looseObject({
  id: newIdField,
  type: z.enum(NODE_TYPES).describe('Node type: text (markdown card), file (a vault file), link (a web page) or group (a labelled box).'),
  x: z.number().describe('Left edge in canvas pixels.'),
  y: z.number().describe('Top edge in canvas pixels.'),
  width: z.number().optional().describe('Width in pixels, above 0 (default 250 for text, 400 otherwise).'),
  height: z.number().optional().describe('Height in pixels, above 0 (default 60 for text, 400 otherwise).'),
  text: z.string().optional().describe('text nodes: the markdown shown on the card (required for text).'),
  file: z.string().optional().describe('file nodes: vault path of the file, with extension, e.g. "Projects/Plan.md" (required for file).'),
  subpath: z.string().optional().describe('file nodes: a heading or block to show, starting with "#" ("#Goals", "#^block-id").'),
  url: z.string().optional().describe('link nodes: the URL (required for link).'),
  label: z.string().optional().describe('group nodes: the label shown above the group.'),
  background: z.string().optional().describe('group nodes: vault path of a background image.'),
  backgroundStyle: z.enum(BACKGROUND_STYLES).optional().describe('group nodes: cover, ratio or repeat.'),
  color: colorField,
});

/** A new edge between two existing nodes; extra keys are kept as given. */
const newEdgeSchema = z.looseObject({
  id: newIdField,
  fromNode: z.string().min(1).describe('Id of the node the edge starts at.'),
  toNode: z.string().min(1).describe('Id of the node the edge ends at.'),
  fromSide: z.enum(EDGE_SIDES).optional().describe('Side of the start node: top, right, bottom or left.'),
  toSide: z.enum(EDGE_SIDES).optional().describe('Side of the end node: top, right, bottom or left.'),
  fromEnd: z.enum(EDGE_ENDS).optional().describe('Shape at the start: none (default) or arrow.'),
  toEnd: z.enum(EDGE_ENDS).optional().describe('Shape at the end: arrow (default) or none.'),
  color: colorField,
  label: z.string().optional().describe('Text shown on the edge.'),
});

const setField = (what: string) =>
  z
    .record(z.string(), z.unknown())
    .describe(`Fields to change on the ${what}, by name (e.g. {"x": 100, "text": "…", "color": "4"}); null removes an optional field. Fields not named keep their values; the id cannot change.`);

const addNode = z.object({ op: z.literal('add_node').describe('Add a node (appended, so it is drawn on top).'), node: newNodeSchema.describe('The new node.') });
const updateNode = z.object({ op: z.literal('update_node').describe('Change fields of a node (move, resize, retext, recolor…).'), id: idField('node'), set: setField('node') });
const removeNode = z.object({ op: z.literal('remove_node').describe('Remove a node and every edge that starts or ends at it.'), id: idField('node') });
const addEdge = z.object({ op: z.literal('add_edge').describe('Connect two nodes with an edge.'), edge: newEdgeSchema.describe('The new edge.') });
const updateEdge = z.object({ op: z.literal('update_edge').describe('Change fields of an edge (ends, sides, label, color…).'), id: idField('edge'), set: setField('edge') });
const removeEdge = z.object({ op: z.literal('remove_edge').describe('Remove an edge.'), id: idField('edge') });

/** One canvas_patch operation. */
export const canvasPatchOpSchema = z.discriminatedUnion('op', [addNode, updateNode, removeNode, addEdge, updateEdge, removeEdge]);

/** One canvas_patch operation, as parsed. */
export type CanvasPatchOp = z.output<typeof canvasPatchOpSchema>;
