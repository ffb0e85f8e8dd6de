import * as z from 'zod';

/** The most ops one note_patch call may carry: enough for any real edit, few enough to stay fast. */
export const MAX_PATCH_OPS = 1000;

const headingField = z
  .string()
  .min(1)
  .describe('Heading text ("Open questions"), path ("Plan > Open questions") if the text repeats, or with level ("## Open questions"). Case-insensitive fallback; fails with heading_ambiguous or heading_not_found listing candidates.');

const markdownField = (what: string) => z.string().describe(`Markdown ${what}, on its own lines.`);

const setFrontmatter = z.object({
  op: z.literal('set_frontmatter').describe('Set a property (creates frontmatter if none); the rest is kept byte for byte.'),
  key: z.string().min(1).describe('Exact top-level property name (a dot is part of the name).'),
  value: z.unknown().describe('Any JSON value; null for empty.'),
});

const deleteFrontmatter = z.object({
  op: z.literal('delete_frontmatter').describe('Remove a property (no-op if absent).'),
  key: z.string().min(1).describe('Exact top-level property name.'),
});

const appendBody = z.object({
  op: z.literal('append_body').describe('Add markdown at the end of the note.'),
  markdown: markdownField('to add, insert or replace with'),
});

const prependBody = z.object({
  op: z.literal('prepend_body').describe('Add markdown at the start of the body, after the frontmatter.'),
  markdown: markdownField('to add before the body'),
});

const insertBeforeHeading = z.object({
  op: z.literal('insert_before_heading').describe('Insert markdown above a heading (end of the previous section).'),
  heading: headingField,
  markdown: markdownField('to insert above the heading'),
});

const insertAfterHeading = z.object({
  op: z.literal('insert_after_heading').describe('Insert markdown right below a heading.'),
  heading: headingField,
  markdown: markdownField('to insert below the heading'),
});

const replaceSection = z.object({
  op: z.literal('replace_section').describe('Replace the content under a heading, subheadings included; the heading line is kept, empty markdown clears it.'),
  heading: headingField,
  markdown: markdownField('for the section, without its heading; empty clears it'),
});

const replaceBlock = z.object({
  op: z.literal('replace_block').describe('Replace the paragraph or list item with a block id; keeps the ^id, and a list item\'s bullet if markdown has none.'),
  block_id: z.string().min(1).describe('Block id, with or without ^, e.g. "decision-1".'),
  markdown: markdownField('for the block; a list item without bullet keeps its bullet and checkbox'),
});

const renameHeading = z.object({
  op: z.literal('rename_heading').describe('Change a heading\'s text; level and ^id are kept.'),
  from: headingField.describe('Heading to rename, addressed like heading.'),
  to: z.string().min(1).describe('New heading text, one line, without #s.'),
});

/**
 * One structured edit of note_patch: the nine ops of the MCP seed (§3.4), discriminated on `op`,
 * each field described for the model. `applyPatch` applies a list of them all-or-nothing.
 */
export const patchOpSchema = z.discriminatedUnion('op', [
  setFrontmatter,
  deleteFrontmatter,
  appendBody,
  prependBody,
  insertBeforeHeading,
  insertAfterHeading,
  replaceSection,
  replaceBlock,
  renameHeading,
]);

/** One structured edit of a note (see `patchOpSchema`). */
export type PatchOp = z.infer<typeof patchOpSchema>;
