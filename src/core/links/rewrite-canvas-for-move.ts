import { parseMetadata } from '../metadata/parse-metadata';
import { applyTextEdits, type TextEdit } from './apply-text-edits';
import { locateJsonValues, type LocatedJson } from './locate-json-values';
import { rewriteLinksForMove, type MoveContext } from './rewrite-links-for-move';

/**
 * Rewrites the references of a JSON Canvas after files move: the `file` value of each file node
 * takes the moved path (its `subpath`, stored apart, is kept), and the markdown of each text
 * node has its links rewritten exactly as a note's are, resolved from `canvasPath` (the canvas's
 * own path after the move). Only the string literal of an affected value is replaced, written
 * back as a JSON string; every other byte (indentation, key order, other nodes) stays as it was.
 * Invalid JSON comes back unchanged with `changed` 0; `changed` counts files and links rewritten.
 */
export function rewriteCanvasForMove(json: string, canvasPath: string, context: MoveContext): { text: string; changed: number } {
  const root = locateJsonValues(json);
  if (root === null || context.moves.size === 0) return { text: json, changed: 0 };
  const nodes = member(root, 'nodes');
  if (nodes?.kind !== 'array') return { text: json, changed: 0 };
  const source: CanvasSource = { canvasPath, sourcePathBefore: pathBeforeMove(canvasPath, context.moves), context };
  const edits = nodes.items.flatMap((node) => {
    const edit = stringOf(node, 'type') === 'file' ? fileNodeEdit(node, context.moves) : textNodeEdit(node, source);
    return edit === null ? [] : [edit];
  });
  return { text: applyTextEdits(json, edits).text, changed: edits.reduce((sum, edit) => sum + edit.changed, 0) };
}

/** The canvas as the source of its text nodes' links, before and after the move. */
interface CanvasSource {
  canvasPath: string;
  sourcePathBefore: string;
  context: MoveContext;
}

/** A replaced string literal and how many files or links it rewrote. */
type CountedEdit = TextEdit & { changed: number };

function fileNodeEdit(node: LocatedJson, moves: ReadonlyMap<string, string>): CountedEdit | null {
  const file = member(node, 'file');
  const moved = file?.kind === 'string' ? moves.get(file.value) : undefined;
  if (file?.kind !== 'string' || moved === undefined) return null;
  return { start: file.start, end: file.end, replacement: JSON.stringify(moved), changed: 1 };
}

function textNodeEdit(node: LocatedJson, source: CanvasSource): CountedEdit | null {
  const text = member(node, 'text');
  if (stringOf(node, 'type') !== 'text' || text?.kind !== 'string') return null;
  const result = rewriteLinksForMove({ text: text.value, cache: parseMetadata(text.value), sourcePathBefore: source.sourcePathBefore, sourcePathAfter: source.canvasPath, context: source.context });
  if (result.changed === 0) return null;
  return { start: text.start, end: text.end, replacement: JSON.stringify(result.text), changed: result.changed };
}

/** The path the canvas had before the move: the key whose new path is `canvasPath`, else itself. */
function pathBeforeMove(canvasPath: string, moves: ReadonlyMap<string, string>): string {
  for (const [before, after] of moves) if (after === canvasPath) return before;
  return canvasPath;
}

function stringOf(value: LocatedJson, key: string): string | undefined {
  const found = member(value, key);
  return found?.kind === 'string' ? found.value : undefined;
}

function member(value: LocatedJson, key: string): LocatedJson | undefined {
  if (value.kind !== 'object') return undefined;
  return value.members.find((entry) => entry.key === key)?.value;
}
