import { completePaths } from './complete-paths';
import { jsonContent } from './json-content';
import type { ResourceProvider } from './resource-provider';
import { pathFromUri } from './uri-path';

/** `vault://graph/backlinks/{+path}`: the `link_backlinks` result for one file, as JSON. */
export const vaultBacklinksResource: ResourceProvider = {
  name: 'vault_backlinks',
  title: 'Backlinks of a file',
  description: 'Notes linking to or embedding a file (as link_backlinks returns them), e.g. vault://graph/backlinks/Projects/Plan.md.',
  mimeType: 'application/json',
  uriTemplate: 'vault://graph/backlinks/{+path}',
  complete: { path: (value, engine) => completePaths(engine, value) },
  async read(uri, variables, engine, caller) {
    const { output } = await engine.call('link_backlinks', { path: pathFromUri(variables.path) }, caller);
    return jsonContent(uri, output);
  },
};
