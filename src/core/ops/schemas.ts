import * as z from 'zod';

/** Schema pieces shared by several operations, each described for the model. */

export const pathField = z.string().min(1).describe('Vault path, e.g. "Projects/Foo.md" (.md added if missing).');

export const ifMatchField = z
  .string()
  .regex(/^[0-9a-f]{16}$/, 'an etag is 16 lower-case hex characters')
  .optional()
  .describe('etag from your last read (etag_mismatch if the file changed).');

export const etagField = z.string().describe('ETag of the file as now on disk: first 16 hex chars of xxhash64 of its bytes. Pass it back as if_match on writes.');

export const limitField = (fallback: number, maximum: number) =>
  z.number().int().min(1).max(maximum).default(fallback).describe('Max items to return.');

export const cursorField = z.string().optional().describe('next_cursor of the previous page.');

export const nextCursorField = z.string().nullable().describe('Pass as cursor to fetch the next page; null when this is the last page.');

export const outlineEntrySchema = z.object({
  heading: z.string().describe('Heading text as written (inline markdown kept).'),
  level: z.number().int().describe('Heading level, 1–6.'),
  line: z.number().int().describe('0-based line of the heading.'),
  path: z.array(z.string()).describe('Texts of the enclosing headings and this one; join with " > " to address it in note_patch.'),
});

export const frontmatterField = z.record(z.string(), z.unknown()).nullable().describe('Parsed YAML frontmatter, or null when the note has none.');

export const noteStateSchema = z.object({
  path: z.string().describe('Vault-relative path of the note.'),
  etag: etagField,
  frontmatter: frontmatterField,
  outline: z.array(outlineEntrySchema).describe('Headings of the note in order.'),
  body: z.string().describe('Markdown after the frontmatter block.'),
});
