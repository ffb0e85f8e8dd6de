import * as z from 'zod';
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
    path: z.string().min(1).describe('Target note.'),
    if_not_exists: z.boolean().optional().describe('Fail if it exists.'),
    if_match: z.string().regex(etagPattern, 'an etag is 16 lower-case hex characters').optional().describe('Expected etag.'),
    frontmatter: z.record(z.string(), z.unknown()).optional().describe('New frontmatter.'),
  })
  .strict();

/** ai_toc in note mode: the outline of one note. */
export const noteTocInputSchema = z
  .object({
    mode: z.literal('note'),
    path: z.string().min(1).describe('Note.'),
    depth: z.number().int().min(1).max(6).optional().describe('Max heading level (default 3).'),
    include_descriptions: z.boolean().optional().describe('Model-written blurbs.'),
    include_links: z.boolean().optional().describe('Heading links (default true).'),
    style: z.enum(['compact', 'expanded']).optional().describe('Default compact; expanded: numbered.'),
    ...commonFields,
  })
  .strict();

/** ai_toc in MOC mode: a Map of Content over many notes. */
export const mocTocInputSchema = z
  .object({
    mode: z.literal('moc'),
    scope: aiScopeSchema,
    group_by: z.enum(['tag', 'folder', 'topic', 'frontmatter']).optional().describe('Default topic.'),
    group_by_key: z.string().min(1).optional().describe('Frontmatter key.'),
    max_groups: z.number().int().min(1).max(100).optional().describe('Default 12.'),
    max_per_group: z.number().int().min(1).max(1000).optional().describe('Default 25.'),
    include_summaries: z.boolean().optional().describe('Cited note summaries.'),
    title: z.string().trim().min(1).max(200).optional().describe('Title.'),
    exclude_paths: z.array(z.string().min(1)).max(500).optional().describe('Skip these.'),
    write: tocWriteSchema.optional().describe('Save MOC to a note.'),
    ...commonFields,
  })
  .strict();

/** The input of ai_toc (seed 002 §5.3): a note's table of contents, or a Map of Content. */
export const tocInputSchema = z
  .discriminatedUnion('mode', [noteTocInputSchema, mocTocInputSchema]);

/** A parsed ai_toc input. */
export type TocInput = z.output<typeof tocInputSchema>;

/** A parsed note-mode input. */
export type NoteTocInput = z.output<typeof noteTocInputSchema>;

/** A parsed MOC-mode input. */
export type MocTocInput = z.output<typeof mocTocInputSchema>;
