import { jsonContent } from './json-content';
import { collectFieldValues } from './field-values';
import type { ResourceProvider } from './resource-provider';

/** The most values `tags://vault` shows per field; `tags://vault/{field}` has them all. */
export const VALUES_PER_FIELD = 100;

/**
 * `tags://vault`: the values of every frontmatter field with note counts, keyed by field (sorted),
 * `tags` being the vault tag index. At most 100 values per field, most frequent first.
 */
export const tagsVaultResource: ResourceProvider = {
  name: 'vault_field_values',
  title: 'Tags and property values',
  description: 'Values of every frontmatter property across notes with note counts, keyed by property name; "tags" is the tag index (inline tags included). At most 100 values per property, most frequent first; read tags://vault/{field} for all values of one property.',
  mimeType: 'application/json',
  uri: 'tags://vault',
  async read(uri, _variables, engine, caller) {
    const fields = await collectFieldValues(engine, caller);
    return jsonContent(uri, Object.fromEntries([...fields.entries()].map(([field, values]) => [field, values.slice(0, VALUES_PER_FIELD)])));
  },
};
