import * as z from 'zod';
import { IndxError } from '../../errors';
import { buildOutline } from '../../markdown/outline';
import { parseMetadata } from '../../metadata/parse-metadata';
import type { CachedMetadata } from '../../metadata/types';
import { listBacklinks } from '../../notes/backlinks';
import { listForwardLinks } from '../../notes/forward-links';
import { bodyOf } from '../../notes/split-body';
import { toNotePath, toVaultPath } from '../../vault/paths';
import type { OperationContext } from '../operation-context';
import { etagField, frontmatterField, outlineEntrySchema } from '../schemas';

/**
 * What note_read and note_read_many share: the parts of a note `include` can ask for, their
 * schemas, and reading one note into them.
 */

/** The parts `include` can name. */
export const NOTE_PARTS = ['body', 'frontmatter', 'outline', 'links', 'backlinks', 'stat'] as const;

/** One part `include` can name. */
export type NotePart = (typeof NOTE_PARTS)[number];

/** The `include` values accepted, described once for both operations. */
export const notePartsEnum = z.enum(NOTE_PARTS);

const forwardLinkSchema = z.object({
  link: z.string().describe('Link target as written, with any #heading or #^block subpath.'),
  original: z.string().describe('The link exactly as it appears in the note.'),
  display_text: z.string().nullable().describe('Display text (alias) Obsidian shows.'),
  kind: z.enum(['link', 'embed', 'frontmatter']).describe('Where the reference sits.'),
  target: z.string().nullable().describe('Vault path it resolves to; null when unresolved.'),
  line: z.number().int().nullable().describe('0-based line; null for frontmatter links.'),
  key: z.string().optional().describe('Frontmatter property holding the link.'),
});

/** Outgoing links as operations return them. */
export const forwardLinksSchema = z.array(forwardLinkSchema);

/** Incoming links as operations return them. */
export const backlinksSchema = z.array(
  z.object({
    source: z.string().describe('Path of the linking note.'),
    count: z.number().int().describe('How many references it has to the target.'),
    links: z.array(z.object({ original: z.string().describe('The reference exactly as written.'), line: z.number().int().nullable().describe('0-based line; null in frontmatter.'), kind: z.enum(['link', 'embed', 'frontmatter']).describe('Where the reference sits.') })).describe('Each reference, as written.'),
  }),
);

const statSchema = z.object({ ctime: z.number().describe('Creation time, ms since epoch.'), mtime: z.number().describe('Modification time, ms since epoch.'), size: z.number().describe('Size in bytes.') });

/** The fields of a note as read: always path and etag, then the parts asked for. */
export const notePartsShape = {
  path: z.string().describe('Vault-relative path of the note.'),
  etag: etagField,
  body: z.string().optional().describe('Markdown after the frontmatter block.'),
  frontmatter: frontmatterField.optional(),
  outline: z.array(outlineEntrySchema).optional().describe('Headings in order.'),
  links: forwardLinksSchema.optional().describe('Outgoing links, embeds and frontmatter links.'),
  backlinks: backlinksSchema.optional().describe('Notes linking here.'),
  stat: statSchema.optional().describe('File times and size.'),
};

/** A note read from the vault: its path, text, etag and metadata parsed from that text. */
export interface LoadedNote {
  path: string;
  text: string;
  etag: string;
  cache: CachedMetadata;
}

/**
 * Reads the note a caller named (`.md` added when missing). Throws what the path rules throw
 * (`invalid_path`, `path_forbidden`), `not_markdown` when the path names a file that is not a
 * note (`pic.png`), `not_found` when there is no such note (an excluded path included: its
 * existence does not leak), and `not_utf8` from the host.
 */
export async function loadNote(context: OperationContext, input: string): Promise<LoadedNote> {
  const path = toNotePath(input);
  if (context.host.stat(path) === null) throw missingNote(context, input, path);
  const text = await context.host.read(path);
  return { path, text, etag: context.etag(text), cache: parseMetadata(text) };
}

/** The parts of `note` named in `include`, with its path and etag. */
export async function noteParts(context: OperationContext, note: LoadedNote, include: readonly NotePart[]) {
  const want = new Set(include);
  const { path, text, cache } = note;
  return {
    path,
    etag: note.etag,
    ...(want.has('body') ? { body: bodyOf(text, cache) } : {}),
    ...(want.has('frontmatter') ? { frontmatter: cache.frontmatter ?? null } : {}),
    ...(want.has('outline') ? { outline: buildOutline(cache.headings) } : {}),
    ...(want.has('links') ? { links: listForwardLinks(context.host, path, cache) } : {}),
    ...(want.has('backlinks') ? { backlinks: await listBacklinks(context.host, path) } : {}),
    ...(want.has('stat') ? { stat: context.host.stat(path) ?? undefined } : {}),
  };
}

function missingNote(context: OperationContext, input: string, path: string): IndxError {
  const asGiven = toVaultPath(input);
  if (asGiven !== path && context.host.stat(asGiven) !== null) {
    return new IndxError('not_markdown', `"${asGiven}" is not a note: only .md files are notes.`, { path: asGiven });
  }
  return new IndxError('not_found', `No file at "${path}". Check the path with note_list or vault_search.`, { path });
}
