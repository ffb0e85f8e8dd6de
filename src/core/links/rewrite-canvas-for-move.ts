import { parseMetadata } from '../metadata/parse-metadata';
import { applyTextEdits, type TextEdit } from './apply-text-edits';
import { locateJsonValues, type LocatedJson } from './locate-json-values';
import { rewriteLinksForMove, type MoveContext } from './rewrite-links-for-move';

/**
 * Rewrites the references of a JSON Canvas after files move: the `file` value of each file node
 * and the `background` of each group node take the moved path (a file node's `subpath`, stored
 * apart, is kept), and the markdown of each text node has its links rewritten exactly as a note's
 * are, resolved from `canvasPath` (the canvas's own path after the move). What it rewrites is what
 * the canvas link index counts: a path matches as written or in NFC, and of two members with the
 * same key the last one counts, as with `JSON.parse`. Only the string literal of an affected
 * value is replaced, written back as a JSON string; every other byte (indentation, key order,
 * other nodes) stays as it was. Invalid JSON comes back unchanged with `changed` 0; `changed`
 * counts files and links rewritten.
 */
export function rewriteCanvasForMove(json: string, canvasPath: string, context: MoveContext): { text: string; changed: number } {
  const root = locateJsonValues(json);
  if (root === null || context.moves.size === 0) return { text: json, changed: 0 };
  const nodes = member(root, 'nodes');
  if (nodes?.kind !== 'array') return { text: json, changed: 0 };
  const source: CanvasSource = { canvasPath, sourcePathBefore: pathBeforeMove(canvasPath, context.moves), context };
  const edits = nodes.items.flatMap((node) => {
    const type = stringOf(node, 'type');
    const pathField = type === undefined ? undefined : PATH_FIELDS.get(type);
    const edit = pathField === undefined ? textNodeEdit(node, source) : pathEdit(node, pathField, context.moves);
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

// The member holding a vault path, by node type (canvas.d.ts: a file node's `file`, a group's background image).
const PATH_FIELDS: ReadonlyMap<string, string> = new Map([
  ['file', 'file'],
  ['group', 'background'],
]);

function pathEdit(node: LocatedJson, field: string, moves: ReadonlyMap<string, string>): CountedEdit | null {
  const path = member(node, field);
  if (path?.kind !== 'string') return null;
  // The canvas link index resolves these paths in NFC (resolveCanvasReference), so a move must find them that way too.
  const moved = moves.get(path.value) ?? moves.get(path.value.normalize('NFC'));
  if (moved === undefined) return null;
  return { start: path.start, end: path.end, replacement: JSON.stringify(moved), changed: 1 };
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

/** The value of the member named `key`: the last one when the key repeats, the one `JSON.parse` keeps. */
function member(value: LocatedJson, key: string): LocatedJson | undefined {
  if (value.kind !== 'object') return undefined;
  for (let index = value.members.length - 1; index >= 0; index -= 1) if (value.members[index]?.key === key) return value.members[index]?.value;
  return undefined;
}
