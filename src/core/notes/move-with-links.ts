import * as z from 'zod';
import { IndxError } from '../errors';
import { beginIntent, unreadablePlan, type RecoveryOutcome } from '../journal/intent-journal';
import { rewriteCanvasForMove } from '../links/rewrite-canvas-for-move';
import { rewriteLinksForMove, type MoveContext } from '../links/rewrite-links-for-move';
import { LinkResolver } from '../metadata/link-resolver';
import { parseMetadata } from '../metadata/parse-metadata';
import type { OperationContext } from '../ops/operation-context';
import { checkEtag, mutateFile, recordMutation } from '../vault/mutate-file';
import { extensionOf } from '../vault/paths';
import type { FileContent } from '../vault/vault-host';
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

/** A file a move rewrites, by its path before the move, with its ETag before the move. */
const fingerprintSchema = z.object({ path: z.string(), etag: z.string() });

/**
 * What a move's journal entry holds: every file move, and the notes and canvases whose
 * references it rewrites with their ETags before it started. A file still carrying that ETag
 * after a crash was not rewritten yet.
 */
const movePlanSchema = z.object({
  moves: z.array(z.tuple([z.string(), z.string()])),
  notes: z.array(fingerprintSchema),
  canvases: z.array(fingerprintSchema),
});

type MovePlan = z.infer<typeof movePlanSchema>;
type Fingerprint = z.infer<typeof fingerprintSchema>;

/**
 * Moves a file or folder, then rewrites every reference to what moved in every note and canvas
 * (each link keeps its style; the shortest unambiguous link text is chosen). Each rewritten
 * file is written atomically and audited. The move happens first, like Obsidian's renameFile.
 * When references are to be rewritten, an intent journal entry is written first, so a crash
 * half-way is finished at the next start ({@link recoverMove}).
 */
export async function moveWithLinks(context: OperationContext, from: string, to: string, options: MoveOptions): Promise<MoveOutcome> {
  const { host } = context;
  const { moves, folder } = planMove(host, from, to);
  if (folder && options.ifMatch !== undefined) throw new IndxError('invalid_input', `if_match applies to files; "${from}" is a folder. Omit if_match to move it.`, { from });
  const pathsBefore = host.listFiles().map((file) => file.path);
  const notes = options.updateLinks ? findAffectedSources(host, moves) : [];
  const canvases = options.updateLinks ? pathsBefore.filter((path) => extensionOf(path) === 'canvas') : [];
  const plan: MovePlan = { moves: [...moves], notes: await fingerprint(context, notes), canvases: await fingerprint(context, canvases) };
  const intent = plan.notes.length + plan.canvases.length === 0 ? null : await beginIntent(context, 'note_move', { subject: from, to }, plan);
  let etag: string | null = null;
  // The check reads the file (an attachment's bytes), so it only runs when asked.
  const check = options.ifMatch === undefined ? undefined : (content: FileContent) => checkEtag(from, options.ifMatch, (etag = context.etag(content)));
  try {
    await host.rename(from, to, check);
  } catch (error: unknown) {
    // Nothing moved: there is nothing to finish. Otherwise the entry stays for the next start.
    if (host.exists(from)) await intent?.finish();
    throw error;
  }
  // A move leaves the bytes as they were: one event per moved file, etag known only when checked.
  for (const [old, moved] of moves) recordMutation(context, 'note_move', old, etag, etag, moved);
  const outcome: MoveOutcome = { moved: [...moves].map(([old, moved]) => ({ from: old, to: moved })), updated: [], not_updated: [] };
  // A failure from here on leaves the journal entry: the next start finishes the rewrites.
  await rewriteReferences(context, moves, pathsBefore, plan, outcome, false);
  await intent?.finish();
  return outcome;
}

/**
 * Finishes a move interrupted by a crash, from its journal entry: when no file had moved yet,
 * nothing changed and nothing is done (rolled back); else the files not moved yet are moved and
 * every note and canvas still as it was before the move gets the rewrite the move would have
 * made. A file changed since (rewritten already, or edited) is left alone.
 */
export async function recoverMove(rawPlan: unknown, context: OperationContext): Promise<RecoveryOutcome> {
  const parsed = movePlanSchema.safeParse(rawPlan);
  if (!parsed.success) throw unreadablePlan('note_move', parsed.error.issues[0]?.message ?? 'invalid');
  const plan = parsed.data;
  const { host } = context;
  const moves = new Map(plan.moves);
  const notMoved = plan.moves.filter(([old, moved]) => host.stat(old) !== null && host.stat(moved) === null);
  if (moves.size > 0 && notMoved.length === moves.size) return { outcome: 'rolled_back', files: 0 };
  for (const [old, moved] of notMoved) {
    await host.rename(old, moved);
    recordMutation(context, 'note_move', old, null, null, moved);
  }
  const movedBack = new Map(plan.moves.map(([old, moved]) => [moved, old]));
  const pathsBefore = host.listFiles().map((file) => movedBack.get(file.path) ?? file.path);
  const outcome: MoveOutcome = { moved: [], updated: [], not_updated: [] };
  await rewriteReferences(context, moves, pathsBefore, plan, outcome, true);
  return { outcome: 'completed', files: notMoved.length + outcome.updated.length };
}

/** The ETag of each file before anything changes. */
async function fingerprint(context: OperationContext, paths: readonly string[]): Promise<Fingerprint[]> {
  const fingerprints: Fingerprint[] = [];
  for (const path of paths) fingerprints.push({ path, etag: context.etag(await context.host.read(path)) });
  return fingerprints;
}

/**
 * Rewrites the references of the plan's notes and canvases for `moves` (done already), resolving
 * old links against `pathsBefore`. `onlyUnchanged`: rewrite only files still carrying their ETag
 * from before the move (recovery); others were rewritten already.
 */
async function rewriteReferences(context: OperationContext, moves: ReadonlyMap<string, string>, pathsBefore: readonly string[], plan: MovePlan, outcome: MoveOutcome, onlyUnchanged: boolean): Promise<void> {
  const { host } = context;
  const before = new LinkResolver(pathsBefore);
  const moveContext: MoveContext = { moves, resolveBefore: (linkpath, source) => before.resolve(linkpath, source), resolveAfter: (linkpath, source) => host.resolveLink(linkpath, source) };
  const ifMatch = (file: Fingerprint): string | undefined => (onlyUnchanged ? file.etag : undefined);
  for (const note of plan.notes) {
    const source = note.path;
    const sourceAfter = moves.get(source) ?? source;
    const rewrite = (text: string) => rewriteLinksForMove({ text, cache: parseMetadata(text), sourcePathBefore: source, sourcePathAfter: sourceAfter, context: moveContext });
    await rewriteFile(context, sourceAfter, rewrite, outcome, ifMatch(note));
  }
  for (const canvas of plan.canvases) {
    const canvasAfter = moves.get(canvas.path) ?? canvas.path;
    await rewriteFile(context, canvasAfter, (text) => rewriteCanvasForMove(text, canvasAfter, moveContext), outcome, ifMatch(canvas));
  }
}

async function rewriteFile(context: OperationContext, path: string, rewrite: (text: string) => { text: string; changed: number }, outcome: MoveOutcome, ifMatch: string | undefined): Promise<void> {
  // Recovering: a file gone since the crash has nothing left to rewrite.
  if (ifMatch !== undefined && context.host.stat(path) === null) return;
  let changed = 0;
  // A file without references comes back unchanged: the host writes nothing and mutateFile audits nothing.
  const transform = (text: string) => {
    const next = rewrite(text);
    changed = next.changed;
    return next.text;
  };
  const result = await mutateFile(context, path, 'note_move', transform, ifMatch).catch((error: unknown) => {
    // A read-only file keeps its old links: the move is done, so report it rather than fail half-way.
    if (isReadOnlyRefusal(error)) {
      outcome.not_updated.push({ path, reason: 'read-only (access.read_only_paths)' });
      return null;
    }
    // Recovering: a file whose ETag moved on was rewritten before the crash (or edited since).
    if (ifMatch !== undefined && error instanceof IndxError && error.code === 'etag_mismatch') return null;
    throw error;
  });
  if (result?.changed === true) outcome.updated.push({ path, links_changed: changed, etag: result.etag });
}

function isReadOnlyRefusal(error: unknown): boolean {
  return error instanceof IndxError && error.code === 'path_forbidden' && error.details.rule === 'read_only_paths';
}
