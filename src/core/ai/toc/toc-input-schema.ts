import { z } from 'zod';
import { aiCallFields, aiScopeSchema, languageField, maxTokensField } from '../ai-schemas';

const etagPattern = /^[0-9a-f]{16}$/;

/** Fields every ai_toc call takes, whatever its mode. */
const commonFields = {
  language: languageField,
  max_tokens: maxTokensField,
  ...aiCallFields,
};

/** Where and how a Map of Content is materialized as a note. */
export const tocWriteSchema = z
  .object({
    path: z.string().min(1).describe('Vault path of the note to create or replace, e.g. "Index/Projects.md" (".md" is added when missing).'),
    if_not_exists: z.boolean().optional().describe('Only create: fail with already_exists when the note exists (default false: an existing note is replaced).'),
    if_match: z.string().regex(etagPattern, 'an etag is 16 lower-case hex characters').optional().describe('Replace the note only if it still has this etag (from note_read); else etag_mismatch and nothing is written.'),
    frontmatter: z.record(z.string(), z.unknown()).optional().describe('Frontmatter properties of the written note; omitted: a replaced note keeps its frontmatter block.'),
  })
  .strict();

/** ai_toc in note mode: the outline of one note. */
export const noteTocInputSchema = z
  .object({
    mode: z.literal('note').describe('"note": a table of contents of one note, from its headings.'),
    path: z.string().min(1).describe('Vault path of the note, e.g. "Architecture.md".'),
    depth: z.number().int().min(1).max(6).optional().describe('Deepest heading level listed: 1 lists only # headings, 3 (default) down to ###.'),
    include_descriptions: z.boolean().optional().describe('Add a one-line description of each section, written by the chat model (default false: no model call, no cost).'),
    include_links: z.boolean().optional().describe('Write each entry as a heading link [[Note#Heading|Heading]] (default true); false: plain heading text.'),
    style: z.enum(['compact', 'expanded']).optional().describe('compact (default): a nested list, descriptions after " — "; expanded: numbered entries (1, 1.1…) with their 1-based line ("line 12") and descriptions on their own line.'),
    ...commonFields,
  })
  .strict();

/** ai_toc in MOC mode: a Map of Content over many notes. */
export const mocTocInputSchema = z
  .object({
    mode: z.literal('moc').describe('"moc": a Map of Content linking every note of a scope, in titled groups.'),
    scope: aiScopeSchema,
    group_by: z.enum(['tag', 'folder', 'topic', 'frontmatter']).optional().describe('tag: first tag of each note (none: "Untagged"); folder: parent folder; frontmatter: the value of group_by_key; topic (default): the chat model clusters the notes.'),
    group_by_key: z.string().min(1).optional().describe('The frontmatter property to group by (required with group_by "frontmatter").'),
    max_groups: z.number().int().min(1).max(100).optional().describe('Most groups (default 12); the smallest groups beyond are merged into "Other".'),
    max_per_group: z.number().int().min(1).max(1000).optional().describe('Most notes listed per group (default 25); the rest are counted as "…and N more".'),
    include_summaries: z.boolean().optional().describe('Add a one-line summary of each note, grounded in that note and cited (default false).'),
    title: z.string().trim().min(1).max(200).optional().describe('Title of the Map of Content (default "Map of Content").'),
    exclude_paths: z.array(z.string().min(1)).max(500).optional().describe('Notes of the scope to leave out of the map, e.g. the note a preview will later be written to (write.path is always left out). Pass the same list when previewing and when writing, and the write is served from the cache.'),
    write: tocWriteSchema.optional().describe('Also write the Map of Content to a note (needs vault:write). Without it the call only reads.'),
    ...commonFields,
  })
  .strict();

/** The input of ai_toc (seed 002 §5.3): a note's table of contents, or a Map of Content. */
export const tocInputSchema = z
  .discriminatedUnion('mode', [noteTocInputSchema, mocTocInputSchema])
  .describe('{mode:"note", path, depth?, include_descriptions?, include_links?, style?} or {mode:"moc", scope, group_by?, group_by_key?, max_groups?, max_per_group?, include_summaries?, title?, exclude_paths?, write?}.');

/** A parsed ai_toc input. */
export type TocInput = z.output<typeof tocInputSchema>;

/** A parsed note-mode input. */
export type NoteTocInput = z.output<typeof noteTocInputSchema>;

/** A parsed MOC-mode input. */
export type MocTocInput = z.output<typeof mocTocInputSchema>;
