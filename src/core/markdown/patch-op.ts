import { z } from 'zod';

const headingField = z
  .string()
  .min(1)
  .describe('The target heading: its text ("Open questions"), its path from an ancestor ("Plan > Open questions") when the text repeats, or with its level ("## Open questions"). Exact match first, then case-insensitive; an ambiguous or unknown heading fails with the candidates listed.');

const markdownField = (what: string) => z.string().describe(`Markdown ${what}. Written on its own line(s); line endings follow the note's.`);

const setFrontmatter = z.object({
  op: z.literal('set_frontmatter').describe('Set one frontmatter property; creates the --- block when the note has none.'),
  key: z.string().min(1).describe('Exact, case-sensitive property name at the top level of the frontmatter (a dot is part of the name, not a path).'),
  value: z.unknown().describe('The new value: any JSON value (string, number, boolean, null for empty, list, object). Other properties and comments are left byte-identical.'),
});

const deleteFrontmatter = z.object({
  op: z.literal('delete_frontmatter').describe('Remove one frontmatter property; removing an absent property changes nothing.'),
  key: z.string().min(1).describe('Exact, case-sensitive name of the top-level property to remove.'),
});

const appendBody = z.object({
  op: z.literal('append_body').describe('Add markdown at the end of the note.'),
  markdown: markdownField('to add after the last line of the note'),
});

const prependBody = z.object({
  op: z.literal('prepend_body').describe('Add markdown at the start of the body, right after the frontmatter block.'),
  markdown: markdownField('to add before the first line of the body'),
});

const insertBeforeHeading = z.object({
  op: z.literal('insert_before_heading').describe('Insert markdown just above a heading line (at the end of the previous section).'),
  heading: headingField,
  markdown: markdownField('to insert above the heading line'),
});

const insertAfterHeading = z.object({
  op: z.literal('insert_after_heading').describe('Insert markdown just below a heading line, as the first lines of its section.'),
  heading: headingField,
  markdown: markdownField('to insert below the heading line'),
});

const replaceSection = z.object({
  op: z.literal('replace_section').describe('Replace everything under a heading, up to the next heading of the same or a higher level (subheadings included); the heading line itself is kept.'),
  heading: headingField,
  markdown: markdownField('for the new section content, without the heading line; empty clears the section'),
});

const replaceBlock = z.object({
  op: z.literal('replace_block').describe('Replace the paragraph or list item that carries a block id (^id); the ^id marker is kept.'),
  block_id: z.string().min(1).describe('The block id, with or without the leading ^ (e.g. "decision-1").'),
  markdown: markdownField('for the new block text; for a list item, text without a bullet keeps the original bullet and checkbox'),
});

const renameHeading = z.object({
  op: z.literal('rename_heading').describe('Change the text of a heading; its level and any trailing ^id are kept.'),
  from: headingField,
  to: z.string().min(1).describe('The new heading text, on one line, without the leading #s.'),
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
