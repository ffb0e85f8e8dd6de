import * as z from 'zod';
import { buildOutline } from '../../markdown/outline';
import { parseMetadata } from '../../metadata/parse-metadata';
import { listBacklinks } from '../../notes/backlinks';
import { listForwardLinks } from '../../notes/forward-links';
import { bodyOf } from '../../notes/split-body';
import { requireFile } from '../../vault/mutate-file';
import { toNotePath } from '../../vault/paths';
import { defineOperation, READ_ONLY } from '../operation';
import { renderNote } from '../render/render-note';
import { etagField, frontmatterField, outlineEntrySchema, pathField } from '../schemas';

const INCLUDES = ['body', 'frontmatter', 'outline', 'links', 'backlinks', 'stat'] as const;

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

/** `note_read`: a note's body and whatever else `include` asks for; always path and etag. */
export const noteRead = defineOperation({
  name: 'note_read',
  title: 'Read a note',
  description: 'Read a note: path, etag (pass as if_match when writing) and the parts in include (default body and frontmatter).',
  input: z.object({
    path: pathField,
    include: z.array(z.enum(INCLUDES)).default(['body', 'frontmatter']).describe('Parts to return; outline = headings, links = outgoing, backlinks = incoming.'),
  }),
  output: z.object({
    path: z.string().describe('Vault-relative path of the note.'),
    etag: etagField,
    body: z.string().optional().describe('Markdown after the frontmatter block.'),
    frontmatter: frontmatterField.optional(),
    outline: z.array(outlineEntrySchema).optional().describe('Headings in order.'),
    links: forwardLinksSchema.optional().describe('Outgoing links, embeds and frontmatter links.'),
    backlinks: backlinksSchema.optional().describe('Notes linking here.'),
    stat: statSchema.optional().describe('File times and size.'),
  }),
  scope: 'vault:read',
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/notes/{path}' },
  cli: ['note', 'get'],
  async run(input, context) {
    const path = toNotePath(input.path);
    requireFile(context, path);
    const text = await context.host.read(path);
    const cache = parseMetadata(text);
    const want = new Set(input.include);
    return {
      path,
      etag: context.etag(text),
      ...(want.has('body') ? { body: bodyOf(text, cache) } : {}),
      ...(want.has('frontmatter') ? { frontmatter: cache.frontmatter ?? null } : {}),
      ...(want.has('outline') ? { outline: buildOutline(cache.headings) } : {}),
      ...(want.has('links') ? { links: listForwardLinks(context.host, path, cache) } : {}),
      ...(want.has('backlinks') ? { backlinks: await listBacklinks(context.host, path) } : {}),
      ...(want.has('stat') ? { stat: context.host.stat(path) ?? undefined } : {}),
    };
  },
  summarize: (output) => `Read ${output.path} (etag ${output.etag}${output.body === undefined ? '' : `, ${output.body.length} chars`}).`,
  render: renderNote,
});
