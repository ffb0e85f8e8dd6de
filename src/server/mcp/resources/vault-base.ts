import { completePaths } from './complete-paths';
import { jsonContent } from './json-content';
import type { ResourceProvider } from './resource-provider';
import { pathFromUri } from './uri-path';

/**
 * `vault://base/{+path}`: the rows of a `.base` view as `base_query` returns them (first page);
 * `?view=Name` picks a view other than the first. Its rows depend on every note, so a
 * subscription to it is notified on any vault change.
 */
export const vaultBaseResource: ResourceProvider = {
  name: 'vault_base',
  title: 'Base query result',
  description: 'The rows of a Bases view (as base_query returns them: columns, rows with formula values, groups, summaries), e.g. vault://base/Projects.base or vault://base/Projects.base?view=Active.',
  mimeType: 'application/json',
  uriTemplate: 'vault://base/{+path}',
  complete: { path: (value, engine) => completePaths(engine, value, (path) => path.endsWith('.base')) },
  async read(uri, variables, engine, caller) {
    const [encodedPath = '', query = ''] = (variables.path ?? '').split('?', 2);
    const view = new URLSearchParams(query).get('view');
    const { output } = await engine.call('base_query', { path: pathFromUri(encodedPath), ...(view === null ? {} : { view }) }, caller);
    return jsonContent(uri, output);
  },
};
