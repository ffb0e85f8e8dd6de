import * as z from 'zod';
import { assertValidCanvas } from '../../canvas/assert-valid-canvas';
import type { JsonObject } from '../../canvas/canvas-document';
import { toCanvasPath } from '../../canvas/canvas-path';
import { normalizeCanvas } from '../../canvas/normalize-canvas';
import { parseCanvasText } from '../../canvas/parse-canvas';
import { serializeCanvas } from '../../canvas/serialize-canvas';
import { IndxError } from '../../errors';
import { mutateFile, recordMutation } from '../../vault/mutate-file';
import { assertLinkableName } from '../../vault/paths';
import { DESTRUCTIVE, defineOperation } from '../operation';
import type { OperationContext } from '../operation-context';
import { etagField, ifMatchField } from '../schemas';
import { canvasDocumentSchema, canvasInputSchema, canvasPathField } from './canvas-schemas';

/** `canvas_write`: creates a canvas or replaces a whole one, validated, atomically and ETag-checked. */
export const canvasWrite = defineOperation({
  name: 'canvas_write',
  title: 'Create or replace a canvas',
  description: 'Create or replace a whole JSON Canvas (.canvas); an invalid one (duplicate ids, dangling edges) fails with canvas_invalid. Prefer canvas_patch for small edits.',
  input: z.object({ path: canvasPathField, canvas: canvasInputSchema, if_match: ifMatchField }),
  output: z.object({
    path: z.string().describe('Vault-relative path of the canvas.'),
    etag: etagField,
    created: z.boolean().describe('True when the canvas was created by this call.'),
    changed: z.boolean().describe('False when the canvas already held exactly this document (nothing was written).'),
    canvas: canvasDocumentSchema.describe('The canvas as now on disk.'),
  }),
  scope: 'vault:write',
  annotations: DESTRUCTIVE,
  http: { method: 'PUT', path: '/v1/canvas/{path}', etagFrom: 'canvas_read' },
  cli: ['canvas', 'create'],
  async run(input, context) {
    const path = toCanvasPath(input.path);
    const canvas = input.canvas as JsonObject;
    assertValidCanvas(path, canvas);
    if (context.host.stat(path) === null) return create(context, path, canvas, input.if_match);
    const result = await mutateFile(context, path, 'canvas_write', (text) => serializeCanvas(canvas, previousOf(text)), input.if_match);
    return { path, etag: result.etag, created: false, changed: result.changed, canvas: normalizeCanvas(canvas) };
  },
  summarize: (output) => `${output.created ? 'Created' : output.changed ? 'Wrote' : 'Left unchanged'} ${output.path} (etag ${output.etag}).`,
});

async function create(context: OperationContext, path: string, canvas: JsonObject, ifMatch: string | undefined) {
  assertLinkableName(path);
  if (ifMatch !== undefined) throw new IndxError('not_found', `"${path}" does not exist, so if_match cannot match. Omit if_match to create it.`, { path });
  const text = serializeCanvas(canvas, null);
  await context.host.create(path, text);
  const etag = context.etag(text);
  recordMutation(context, 'canvas_write', path, null, etag);
  return { path, etag, created: true, changed: true, canvas: normalizeCanvas(canvas) };
}

/** The current file, parsed for its layout; a file that is not a canvas is simply replaced. */
function previousOf(text: string) {
  const parsed = parseCanvasText(text);
  return parsed.ok ? parsed.value : null;
}
