/**
 * The fields a note is indexed under. Note fields (title, aliases, tags, path) describe the whole
 * note and are posted on its first chunk; chunk fields (headings, body) belong to one section.
 * A field id fits in three bits of a posting.
 */
export const Field = { TITLE: 0, ALIASES: 1, TAGS: 2, PATH: 3, HEADINGS: 4, BODY: 5 } as const;

/** One of the {@link Field} ids. */
export type FieldId = (typeof Field)[keyof typeof Field];

/** Field names as `vault_search` reports them in `matched_in`, by field id. */
export const FIELD_NAMES = ['title', 'aliases', 'tags', 'path', 'headings', 'body'] as const;

/** A field's name. */
export type FieldName = (typeof FIELD_NAMES)[number];

/** Number of note fields; field ids below it are note fields. */
export const NOTE_FIELD_COUNT = 4;

/** Number of fields. */
export const FIELD_COUNT = 6;

/** Bits of a posting value that hold the field id; the term frequency sits above them. */
export const FIELD_BITS = 3;

/** Names of the fields whose bits are set in `mask` (bit n = field n). */
export function fieldNamesOf(mask: number): FieldName[] {
  return FIELD_NAMES.filter((_name, field) => (mask & (1 << field)) !== 0);
}
