import * as z from 'zod';
import { isJsonObject, type JsonObject } from '../../canvas/canvas-document';
import { toCanvasPath } from '../../canvas/canvas-path';
import { canvasInvalid, type CanvasProblem } from '../../canvas/canvas-problem';
import { findCanvasProblems } from '../../canvas/find-canvas-problems';
import { normalizeCanvas } from '../../canvas/normalize-canvas';
import { readCanvasFile } from '../../canvas/read-canvas-file';
import { resolveCanvasReference } from '../../canvas/resolve-canvas-reference';
import type { VaultHost } from '../../vault/vault-host';
import { requireFile } from '../../vault/mutate-file';
import { defineOperation, READ_ONLY } from '../operation';
import { etagField } from '../schemas';
import { canvasDocumentSchema, canvasPathField, canvasProblemSchema } from './canvas-schemas';

const fileNodeSchema = z.object({
  node_id: z.string().describe('Id of the file node.'),
  file: z.string().describe('The vault path written in the node.'),
  subpath: z.string().nullable().describe('The heading or block shown ("#Heading", "#^block"), or null for the whole file.'),
  target: z.string().nullable().describe('The vault file the node shows, or null when no file is at that path (Obsidian shows it as missing).'),
});

/** `canvas_read`: a canvas document with its etag, where its file nodes point and what is wrong with it. */
export const canvasRead = defineOperation({
  name: 'canvas_read',
  title: 'Read a canvas',
  description: 'Read a JSON Canvas (.canvas): nodes, edges, etag (pass as if_match to canvas_patch/canvas_write), the file each file node resolves to, and problems a write would refuse.',
  input: z.object({ path: canvasPathField }),
  output: z.object({
    path: z.string().describe('Vault-relative path of the canvas.'),
    etag: etagField,
    canvas: canvasDocumentSchema.describe('The canvas document; nodes and edges are always present.'),
    files: z.array(fileNodeSchema).describe('Each file node, in node order, with the file it resolves to.'),
    problems: z.array(canvasProblemSchema).describe('What makes the canvas invalid JSON Canvas 1.0; empty when it is valid. canvas_write and canvas_patch refuse a canvas with problems, so fix them in the same edit.'),
  }),
  scope: 'vault:read',
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/canvas/{path}' },
  cli: ['canvas', 'get'],
  async run(input, context) {
    const path = toCanvasPath(input.path);
    requireFile(context, path);
    const text = await context.host.read(path);
    const { root } = readCanvasFile(path, text);
    const problems = findCanvasProblems(root);
    const structural = problems.filter(isStructural);
    if (structural.length > 0) throw canvasInvalid(path, structural);
    return { path, etag: context.etag(text), canvas: normalizeCanvas(root), files: listFileNodes(context.host, path, root), problems };
  },
  summarize: (output) => `Read ${output.path} (etag ${output.etag}, ${output.canvas.nodes.length} node${output.canvas.nodes.length === 1 ? '' : 's'}, ${output.canvas.edges.length} edge${output.canvas.edges.length === 1 ? '' : 's'}${output.problems.length === 0 ? '' : `, ${output.problems.length} problem${output.problems.length === 1 ? '' : 's'}`}).`,
});

/** A problem the output cannot carry the canvas with: arrays that are not arrays, items that are not objects. */
function isStructural(problem: CanvasProblem): boolean {
  return problem.kind === 'canvas' || problem.field === undefined;
}

function listFileNodes(host: VaultHost, path: string, root: JsonObject): z.input<typeof fileNodeSchema>[] {
  const nodes = Array.isArray(root.nodes) ? root.nodes.filter(isJsonObject) : [];
  return nodes.flatMap((node) => {
    if (node.type !== 'file' || typeof node.file !== 'string' || typeof node.id !== 'string') return [];
    const target = resolveCanvasReference(host, { via: 'file', target: node.file }, path);
    return [{ node_id: node.id, file: node.file, subpath: typeof node.subpath === 'string' ? node.subpath : null, target }];
  });
}
