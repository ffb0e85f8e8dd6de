import { applyTextEdits, type TextEdit } from './apply-text-edits';
import { locateJsonValues, type LocatedJson } from './locate-json-values';

/**
 * Points the file nodes of a JSON Canvas at the new paths of moved files. Only the string
 * literal of each affected `file` value is replaced; every other byte (indentation, key order,
 * other nodes) stays as it was. Invalid JSON comes back unchanged with `changed` 0.
 *
 * Links written inside text nodes' markdown are not rewritten.
 */
export function rewriteCanvasForMove(json: string, moves: ReadonlyMap<string, string>): { text: string; changed: number } {
  const root = locateJsonValues(json);
  if (root === null || moves.size === 0) return { text: json, changed: 0 };
  const edits = fileNodes(root).flatMap((file): TextEdit[] => {
    const moved = moves.get(file.value);
    return moved === undefined ? [] : [{ start: file.start, end: file.end, replacement: JSON.stringify(moved) }];
  });
  const result = applyTextEdits(json, edits);
  return { text: result.text, changed: result.applied };
}

function fileNodes(root: LocatedJson): Extract<LocatedJson, { kind: 'string' }>[] {
  const nodes = member(root, 'nodes');
  if (nodes?.kind !== 'array') return [];
  return nodes.items.flatMap((node) => {
    const type = member(node, 'type');
    const file = member(node, 'file');
    return type?.kind === 'string' && type.value === 'file' && file?.kind === 'string' ? [file] : [];
  });
}

function member(value: LocatedJson, key: string): LocatedJson | undefined {
  if (value.kind !== 'object') return undefined;
  return value.members.find((entry) => entry.key === key)?.value;
}
