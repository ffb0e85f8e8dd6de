import { IndxError } from '../../../core/errors';
import { COMPLETION_LIMIT } from './complete-paths';
import { collectFieldValues } from './field-values';
import { jsonContent } from './json-content';
import { LOCAL_READER } from './local-reader';
import type { ResourceProvider } from './resource-provider';
import { decodeUriPart } from './uri-path';

/**
 * `tags://vault/{field}`: every value of one frontmatter field with note counts, most frequent
 * first (`tags://vault/tags` is the tag index). `not_found` when no note has the field.
 */
export const tagsFieldResource: ResourceProvider = {
  name: 'vault_field',
  title: 'Values of one property',
  description: 'All values of one frontmatter property across notes with note counts, most frequent first, e.g. tags://vault/status or tags://vault/tags (the tag index, inline tags included).',
  mimeType: 'application/json',
  uriTemplate: 'tags://vault/{field}',
  async list(engine, caller) {
    const fields = await collectFieldValues(engine, caller);
    return [...fields.keys()].map((field) => ({ uri: `tags://vault/${encodeURIComponent(field)}`, name: `field:${field}`, title: `Values of ${field}` }));
  },
  complete: {
    async field(value, engine) {
      const fields = await collectFieldValues(engine, LOCAL_READER);
      return [...fields.keys()].filter((field) => field.toLowerCase().startsWith(value.toLowerCase())).slice(0, COMPLETION_LIMIT);
    },
  },
  async read(uri, variables, engine, caller) {
    const field = decodeUriPart(variables.field ?? '');
    const values = (await collectFieldValues(engine, caller)).get(field);
    if (values === undefined) throw new IndxError('not_found', `No note has the property "${field}". Read tags://vault to see the properties in use.`, { field });
    return jsonContent(uri, values);
  },
};
