import { IndxError } from '../errors';
import { rewriteCanvasForMove } from '../links/rewrite-canvas-for-move';
import { rewriteLinksForMove, type MoveContext } from '../links/rewrite-links-for-move';
import { LinkResolver } from '../metadata/link-resolver';
import { parseMetadata } from '../metadata/parse-metadata';
import type { OperationContext } from '../ops/operation-context';
import { checkEtag, mutateFile, recordMutation } from '../vault/mutate-file';
import { extensionOf } from '../vault/paths';
import { findAffectedSources, planMove } from './plan-move';

/** A file whose references were rewritten by a move. */
export interface UpdatedFile {
  path: string;
  links_changed: number;
  etag: string;
}

/** What a move did. */
export interface MoveOutcome {
  moved: { from: string; to: string }[];
  updated: UpdatedFile[];
  /** Files whose references to what moved were left as they were: read-only paths. */
  not_updated: { path: string; reason: string }[];
}

/** Options of `moveWithLinks`. */
export interface MoveOptions {
  updateLinks: boolean;
  /** ETag the moved file must have (files only); checked under the host's lock. */
  ifMatch?: string;
}

/**
 * Moves a file or folder, then rewrites every reference to what moved in every note and canvas
 * (each link keeps its style; the shortest unambiguous link text is chosen). Each rewritten
 * file is written atomically and audited. The move happens first, like Obsidian's renameFile.
 */
export async function moveWithLinks(context: OperationContext, from: string, to: string, options: MoveOptions): Promise<MoveOutcome> {
  const { host } = context;
  const { moves, folder } = planMove(host, from, to);
  if (folder && options.ifMatch !== undefined) throw new IndxError('invalid_input', `if_match applies to files; "${from}" is a folder. Omit if_match to move it.`, { from });
  const before = new LinkResolver(host.listFiles().map((file) => file.path));
  const sources = options.updateLinks ? findAffectedSources(host, moves) : [];
  const canvases = options.updateLinks ? host.listFiles().filter((file) => extensionOf(file.path) === 'canvas').map((file) => file.path) : [];
  let etag: string | null = null;
  // The check reads the file as text, so it only runs when asked: attachments move unread.
  const check = options.ifMatch === undefined ? undefined : (text: string) => checkEtag(from, options.ifMatch, (etag = context.etag(text)));
  await host.rename(from, to, check);
  // A move leaves the bytes as they were: one event per moved file, etag known only when checked.
  for (const [old, moved] of moves) recordMutation(context, 'note_move', old, etag, etag, moved);
  const moveContext: MoveContext = { moves, resolveBefore: (linkpath, source) => before.resolve(linkpath, source), resolveAfter: (linkpath, source) => host.resolveLink(linkpath, source) };
  const outcome: MoveOutcome = { moved: [...moves].map(([old, moved]) => ({ from: old, to: moved })), updated: [], not_updated: [] };
  for (const source of sources) {
    const sourceAfter = moves.get(source) ?? source;
    await rewriteFile(context, sourceAfter, (text) => rewriteLinksForMove({ text, cache: parseMetadata(text), sourcePathBefore: source, sourcePathAfter: sourceAfter, context: moveContext }), outcome);
  }
  for (const canvas of canvases) await rewriteFile(context, moves.get(canvas) ?? canvas, (text) => rewriteCanvasForMove(text, moves.get(canvas) ?? canvas, moveContext), outcome);
  return outcome;
}

async function rewriteFile(context: OperationContext, path: string, rewrite: (text: string) => { text: string; changed: number }, outcome: MoveOutcome): Promise<void> {
  let changed = 0;
  // A file without references comes back unchanged: the host writes nothing and mutateFile audits nothing.
  const result = await mutateFile(context, path, 'note_move', (text) => {
    const next = rewrite(text);
    changed = next.changed;
    return next.text;
  }).catch((error: unknown) => {
    // A read-only file keeps its old links: the move is done, so report it rather than fail half-way.
    if (!isReadOnlyRefusal(error)) throw error;
    outcome.not_updated.push({ path, reason: 'read-only (access.read_only_paths)' });
    return null;
  });
  if (result?.changed === true) outcome.updated.push({ path, links_changed: changed, etag: result.etag });
}

function isReadOnlyRefusal(error: unknown): boolean {
  return error instanceof IndxError && error.code === 'path_forbidden' && error.details.rule === 'read_only_paths';
}
