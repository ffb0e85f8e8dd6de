import { rewriteCanvasForMove } from '../links/rewrite-canvas-for-move';
import { rewriteLinksForMove, type MoveContext } from '../links/rewrite-links-for-move';
import { LinkResolver } from '../metadata/link-resolver';
import { parseMetadata } from '../metadata/parse-metadata';
import type { OperationContext } from '../ops/operation-context';
import { mutateFile, recordMutation } from '../vault/mutate-file';
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
}

/**
 * Moves a file or folder, then rewrites every reference to what moved in every note and canvas
 * (each link keeps its style; the shortest unambiguous link text is chosen). Each rewritten
 * file is written atomically and audited. The move happens first, like Obsidian's renameFile.
 */
export async function moveWithLinks(context: OperationContext, from: string, to: string, updateLinks: boolean): Promise<MoveOutcome> {
  const { host } = context;
  const { moves } = planMove(host, from, to);
  const before = new LinkResolver(host.listFiles().map((file) => file.path));
  const sources = updateLinks ? findAffectedSources(host, moves) : [];
  const canvases = updateLinks ? host.listFiles().filter((file) => extensionOf(file.path) === 'canvas').map((file) => file.path) : [];
  await host.rename(from, to);
  recordMutation(context, 'note_move', from, null, null, to);
  const moveContext: MoveContext = { moves, resolveBefore: (linkpath, source) => before.resolve(linkpath, source), resolveAfter: (linkpath, source) => host.resolveLink(linkpath, source) };
  const updated: UpdatedFile[] = [];
  for (const source of sources) {
    const sourceAfter = moves.get(source) ?? source;
    await rewriteFile(context, sourceAfter, (text) => rewriteLinksForMove({ text, cache: parseMetadata(text), sourcePathBefore: source, sourcePathAfter: sourceAfter, context: moveContext }), updated);
  }
  for (const canvas of canvases) await rewriteFile(context, moves.get(canvas) ?? canvas, (text) => rewriteCanvasForMove(text, moves), updated);
  return { moved: [...moves].map(([old, moved]) => ({ from: old, to: moved })), updated };
}

async function rewriteFile(context: OperationContext, path: string, rewrite: (text: string) => { text: string; changed: number }, updated: UpdatedFile[]): Promise<void> {
  // Dry run first so files without references are not rewritten (no mtime change, no event).
  if (rewrite(await context.host.read(path)).changed === 0) return;
  let changed = 0;
  const result = await mutateFile(context, path, 'note_move', (text) => {
    const next = rewrite(text);
    changed = next.changed;
    return next.text;
  });
  updated.push({ path, links_changed: changed, etag: result.etag });
}
