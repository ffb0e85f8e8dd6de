import * as z from 'zod';
import { applyCanvasPatch, type CanvasPatchResult } from '../../canvas/apply-canvas-patch';
import { assertValidCanvas } from '../../canvas/assert-valid-canvas';
import { createCanvasIdGenerator } from '../../canvas/canvas-id';
import { canvasPatchOpSchema } from '../../canvas/canvas-patch-op';
import { toCanvasPath } from '../../canvas/canvas-path';
import { readCanvasFile } from '../../canvas/read-canvas-file';
import { serializeCanvas } from '../../canvas/serialize-canvas';
import { mutateFile } from '../../vault/mutate-file';
import { DESTRUCTIVE, defineOperation } from '../operation';
import { etagField, ifMatchField } from '../schemas';
import { canvasChangesSchema, canvasDocumentSchema, canvasPathField } from './canvas-schemas';

// One call runs inside the host's atomic write of the file, so its size is bounded.
const MAX_OPS = 1000;

/** `canvas_patch`: structured node and edge edits applied atomically, all or nothing. */
export const canvasPatch = defineOperation({
  name: 'canvas_patch',
  title: 'Edit a canvas with structured ops',
  description: 'Edit a canvas with node and edge ops, in order, all or nothing (canvas_invalid, canvas_id_not_found). Returns the canvas, etag and ids added and removed.',
  input: z.object({
    path: canvasPathField,
    ops: z.array(canvasPatchOpSchema).min(1).max(MAX_OPS).describe('Ops, applied in order.'),
    if_match: ifMatchField,
  }),
  output: z.object({
    path: z.string().describe('Vault-relative path of the canvas.'),
    etag: etagField,
    changed: z.boolean().describe('False when the ops left the canvas exactly as it was (nothing was written).'),
    canvas: canvasDocumentSchema.describe('The canvas as now on disk.'),
    ...canvasChangesSchema,
  }),
  scope: 'vault:write',
  annotations: DESTRUCTIVE,
  http: { method: 'PATCH', path: '/v1/canvas/{path}', etagFrom: 'canvas_read' },
  cli: ['canvas', 'patch'],
  async run(input, context) {
    const path = toCanvasPath(input.path);
    const newId = createCanvasIdGenerator();
    let outcome: CanvasPatchResult = { document: { nodes: [], edges: [] }, added: { nodes: [], edges: [] }, removed: { nodes: [], edges: [] } };
    const result = await mutateFile(context, path, 'canvas_patch', (text) => {
      const previous = readCanvasFile(path, text);
      outcome = applyCanvasPatch(previous.root, path, input.ops, newId);
      assertValidCanvas(path, outcome.document);
      return serializeCanvas(outcome.document, previous);
    }, input.if_match);
    return { path, etag: result.etag, changed: result.changed, canvas: outcome.document, added: outcome.added, removed: outcome.removed };
  },
  summarize: (output) => `Patched ${output.path} (etag ${output.etag}): ${count(output.added.nodes.length + output.added.edges.length, 'item')} added, ${count(output.removed.nodes.length + output.removed.edges.length, 'item')} removed.`,
});

function count(total: number, noun: string): string {
  return `${total} ${noun}${total === 1 ? '' : 's'}`;
}
