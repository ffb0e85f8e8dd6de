import { jsonContent } from './json-content';
import type { ResourceProvider } from './resource-provider';

/** `vault://tags`: the tag index (`tag_list`), as JSON. */
export const vaultTagsResource: ResourceProvider = {
  name: 'vault_tags',
  title: 'Tag index',
  description: 'Every tag of the vault (frontmatter and inline, case-insensitive) with count, total including nested tags, and occurrences, as tag_list returns it.',
  mimeType: 'application/json',
  uri: 'vault://tags',
  async read(uri, _variables, engine, caller) {
    const { output } = await engine.call('tag_list', {}, caller);
    return jsonContent(uri, output);
  },
};
