import { completePaths } from './complete-paths';
import { jsonContent } from './json-content';
import type { ResourceProvider } from './resource-provider';
import { pathFromUri } from './uri-path';

/** `vault://canvas/{+path}`: a JSON Canvas as `canvas_read` returns it. */
export const vaultCanvasResource: ResourceProvider = {
  name: 'vault_canvas',
  title: 'Canvas',
  description: 'A JSON Canvas as canvas_read returns it (nodes, edges, etag, the note each file node points at, problems), e.g. vault://canvas/Boards/Plan.canvas.',
  mimeType: 'application/json',
  uriTemplate: 'vault://canvas/{+path}',
  complete: { path: (value, engine) => completePaths(engine, value, (path) => path.endsWith('.canvas')) },
  async read(uri, variables, engine, caller) {
    const { output } = await engine.call('canvas_read', { path: pathFromUri(variables.path) }, caller);
    return jsonContent(uri, output);
  },
};
