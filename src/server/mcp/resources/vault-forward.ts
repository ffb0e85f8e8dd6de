import { extensionOf } from '../../../core/vault/paths';
import { completePaths } from './complete-paths';
import { jsonContent } from './json-content';
import type { ResourceProvider } from './resource-provider';
import { pathFromUri } from './uri-path';

/** `vault://graph/forward/{+path}`: the `link_forward` result for one note, as JSON. */
export const vaultForwardResource: ResourceProvider = {
  name: 'vault_forward_links',
  title: 'Outgoing links of a note',
  description: 'Links, embeds and frontmatter links of a note with the path each resolves to (as link_forward returns them), e.g. vault://graph/forward/Projects/Plan.md.',
  mimeType: 'application/json',
  uriTemplate: 'vault://graph/forward/{+path}',
  complete: { path: (value, engine) => completePaths(engine, value, (path) => extensionOf(path) === 'md') },
  async read(uri, variables, engine, caller) {
    const { output } = await engine.call('link_forward', { path: pathFromUri(variables.path) }, caller);
    return jsonContent(uri, output);
  },
};
