import * as z from 'zod';
import { moveWithLinks, recoverMove } from '../../notes/move-with-links';
import { assertLinkableName, extensionOf, toNotePath, toVaultPath } from '../../vault/paths';
import type { VaultHost } from '../../vault/vault-host';
import { DESTRUCTIVE, defineOperation } from '../operation';
import { ifMatchField } from '../schemas';

/** `note_move`: renames or moves a note, attachment or folder and rewrites every link to it. */
export const noteMove = defineOperation({
  name: 'note_move',
  title: 'Move or rename a note',
  description: 'Move or rename a note, attachment or folder. With update_links, every link, embed and canvas reference to it is rewritten, keeping its style.',
  input: z.object({
    from: z.string().min(1).describe('Current path of the note, file or folder.'),
    to: z.string().min(1).describe('New path (.md added for a note if missing).'),
    update_links: z.boolean().default(true).describe('Rewrite links in other notes and canvases.'),
    if_match: ifMatchField.describe('etag of the file being moved (not folders).'),
  }),
  output: z.object({
    from: z.string().describe('The path moved.'),
    to: z.string().describe('Where it went.'),
    moved: z.array(z.object({ from: z.string().describe('Old path.'), to: z.string().describe('New path.') })).describe('Every file moved (one for a note, all files below for a folder).'),
    updated: z.array(z.object({ path: z.string().describe('File rewritten (at its new path if it moved).'), links_changed: z.number().int().describe('Links rewritten in it.'), etag: z.string().describe('Its new etag.') })).describe('Files whose links were rewritten, with their new etags.'),
    links_updated: z.number().int().describe('Total links rewritten.'),
    not_updated: z.array(z.object({ path: z.string().describe('File that still links to the old path.'), reason: z.string().describe('Why it was left alone.') })).describe('Files whose links were not rewritten because they are read-only (access.read_only_paths).'),
  }),
  scope: 'vault:write',
  annotations: DESTRUCTIVE,
  http: { method: 'POST', path: '/v1/notes/{path}/move' },
  cli: ['note', 'move'],
  async run(input, context) {
    const { from, to } = resolvePaths(context.host, input.from, input.to);
    assertLinkableName(to);
    const outcome = await moveWithLinks(context, from, to, { updateLinks: input.update_links, ifMatch: input.if_match });
    return { from, to, ...outcome, links_updated: outcome.updated.reduce((sum, file) => sum + file.links_changed, 0) };
  },
  recover: recoverMove,
  summarize: (output) => `Moved ${output.from} to ${output.to}; rewrote ${output.links_updated} link${output.links_updated === 1 ? '' : 's'} in ${output.updated.length} file${output.updated.length === 1 ? '' : 's'}.`,
});

/** A note given without `.md` is a note; a folder or attachment keeps its path as written. */
function resolvePaths(host: VaultHost, rawFrom: string, rawTo: string): { from: string; to: string } {
  const from = toVaultPath(rawFrom);
  if (host.exists(from)) {
    const isNote = extensionOf(from) === 'md';
    return { from, to: isNote ? toNotePath(rawTo) : toVaultPath(rawTo) };
  }
  return { from: toNotePath(rawFrom), to: toNotePath(rawTo) };
}
