import { createLineIndex } from '../markdown/line-index';
import { getLinkpath } from '../metadata/linktext';
import { parseMetadata } from '../metadata/parse-metadata';
import { isJsonObject, type JsonValue } from './canvas-document';
import { findMember, type JsonSpan } from './locate-json-spans';
import { parseCanvasText } from './parse-canvas';

/**
 * One reference a canvas makes to another file: a file node (its `file` is a vault path), a group
 * node's background image (its `background` is a vault path too), or a link or embed inside a
 * text node's markdown (a linkpath, resolved from the canvas like a note's link).
 */
export interface CanvasReference {
  /** The id of the node holding it. */
  nodeId: string;
  /** `file`: `target` is an exact vault path (a file node's file or a group's background); `text`: `target` is a linkpath to resolve. */
  via: 'file' | 'text';
  target: string;
  /** File nodes and backgrounds show the file embedded; text-node references keep their own kind. */
  kind: 'link' | 'embed';
  /** As written: the file path with its subpath, the background path, or the link's source text. */
  original: string;
  /** 0-based line of the `file`, `background` or `text` value in the canvas file. */
  line: number;
}

/**
 * Every reference in the text of a `.canvas` file, in node order. Text that is not a canvas
 * gives none; nodes that are malformed are skipped. Same-note links (`[[#heading]]`) in text
 * nodes point at the canvas itself and are left out.
 */
export function listCanvasReferences(text: string): CanvasReference[] {
  const parsed = parseCanvasText(text);
  if (!parsed.ok || parsed.value.span === null || !Array.isArray(parsed.value.root.nodes)) return [];
  const spans = findMember(parsed.value.span.members, 'nodes')?.value;
  if (spans?.kind !== 'array') return [];
  const lines = createLineIndex(text);
  return parsed.value.root.nodes.flatMap((node, index) => {
    const span = spans.items[index];
    return span === undefined ? [] : nodeReferences(node, span, (offset) => lines.lineOf(offset));
  });
}

// The member of each node type that refers to another file (canvas.d.ts: a group's background "stores the path to the image file in the vault").
const REFERRING_FIELDS: ReadonlyMap<unknown, 'file' | 'background' | 'text'> = new Map([
  ['file', 'file'],
  ['group', 'background'],
  ['text', 'text'],
] as const);

function nodeReferences(node: JsonValue, span: JsonSpan, lineOf: (offset: number) => number): CanvasReference[] {
  if (!isJsonObject(node) || span.kind !== 'object' || typeof node.id !== 'string') return [];
  const field = REFERRING_FIELDS.get(node.type);
  const value = field === undefined ? undefined : node[field];
  const valueSpan = field === undefined ? undefined : findMember(span.members, field)?.value;
  if (typeof value !== 'string' || valueSpan === undefined || value === '') return [];
  const line = lineOf(valueSpan.start);
  if (field === 'text') return textReferences(node.id, value, line);
  const subpath = field === 'file' && typeof node.subpath === 'string' ? node.subpath : '';
  return [{ nodeId: node.id, via: 'file', target: value, kind: 'embed', original: value + subpath, line }];
}

function textReferences(nodeId: string, markdown: string, line: number): CanvasReference[] {
  const cache = parseMetadata(markdown);
  const references = [...(cache.links ?? []).map((link) => ({ link, kind: 'link' as const })), ...(cache.embeds ?? []).map((link) => ({ link, kind: 'embed' as const }))];
  return references
    .sort((a, b) => a.link.position.start.offset - b.link.position.start.offset)
    .flatMap(({ link, kind }) => {
      const linkpath = getLinkpath(link.link);
      return linkpath === '' ? [] : [{ nodeId, via: 'text' as const, target: linkpath, kind, original: link.original, line }];
    });
}
