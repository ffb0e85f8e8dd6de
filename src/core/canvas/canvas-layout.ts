import { findMember, type JsonMemberSpan, type JsonSpan } from './locate-json-spans';

/** The text around the items of an object or array: after the opening bracket, between items, before the closing one. */
export interface Glue {
  open: string;
  separator: string;
  close: string;
}

/** How one node or edge object is written. */
export interface ElementStyle {
  /** True when each element spans several lines (`JSON.stringify(data, null, indent)` style). */
  multiline: boolean;
  /** Between a key and its value inside a one-line element (`:` for Obsidian). */
  colon: string;
  /** Between two members of a one-line element (`,` for Obsidian). */
  comma: string;
}

/**
 * How a canvas file is laid out, read from its own bytes so that a rewrite looks like the
 * original: indentation, line endings, spacing, one element per line or not, trailing newline.
 */
export interface CanvasLayout {
  /** Before the root object (a byte order mark, whitespace). */
  prefix: string;
  /** After the root object (a trailing newline, or nothing as Obsidian writes it). */
  suffix: string;
  root: Glue;
  /** Between a top-level key and its value. */
  colon: string;
  nodes: Glue;
  edges: Glue;
  element: ElementStyle;
  /** The line break (`\n` or `\r\n`), or '' for a file on one line. */
  newline: string;
  /** One level of indentation ('' for a file on one line). */
  indent: string;
}

/**
 * The layout Obsidian writes: tabs, `"nodes":[` without a space, each node and edge as compact
 * JSON on its own line, empty arrays as `[]`, no trailing newline.
 */
export const OBSIDIAN_LAYOUT: CanvasLayout = {
  prefix: '',
  suffix: '',
  root: { open: '\n\t', separator: ',\n\t', close: '\n' },
  colon: ':',
  nodes: { open: '\n\t\t', separator: ',\n\t\t', close: '\n\t' },
  edges: { open: '\n\t\t', separator: ',\n\t\t', close: '\n\t' },
  element: { multiline: false, colon: ':', comma: ',' },
  newline: '\n',
  indent: '\t',
};

/** Reads the layout of `text`, whose root object is at `root`; what the text does not show comes from Obsidian's layout. */
export function readCanvasLayout(text: string, root: JsonSpan & { kind: 'object' }): CanvasLayout {
  const members = root.members;
  const first = members[0];
  const last = members[members.length - 1];
  if (first === undefined || last === undefined) return { ...OBSIDIAN_LAYOUT, prefix: text.slice(0, root.start), suffix: text.slice(root.end) };
  const rootGlue = glueOf(text, root.start, root.end, members.map(memberRange));
  const newline = rootGlue.open.includes('\n') ? (text.includes('\r\n') ? '\r\n' : '\n') : '';
  const indent = newline === '' ? '' : rootGlue.open.slice(rootGlue.open.lastIndexOf('\n') + 1);
  const fallback = arrayGlue(text, members, 'nodes') ?? arrayGlue(text, members, 'edges') ?? defaultArrayGlue(newline, indent);
  return {
    prefix: text.slice(0, root.start),
    suffix: text.slice(root.end),
    root: rootGlue,
    colon: text.slice(first.keyEnd, first.value.start),
    nodes: arrayGlue(text, members, 'nodes') ?? fallback,
    edges: arrayGlue(text, members, 'edges') ?? fallback,
    element: elementStyle(text, members),
    newline,
    indent,
  };
}

function memberRange(member: JsonMemberSpan): { start: number; end: number } {
  return { start: member.keyStart, end: member.value.end };
}

/** The glue of a bracketed list (`start`/`end` are the brackets' span) with at least one item. */
function glueOf(text: string, start: number, end: number, items: { start: number; end: number }[]): Glue {
  const first = items[0] ?? { start: start + 1, end: start + 1 };
  const second = items[1];
  const last = items[items.length - 1] ?? first;
  const open = text.slice(start + 1, first.start);
  return { open, separator: second === undefined ? `,${open}` : text.slice(first.end, second.start), close: text.slice(last.end, end - 1) };
}

function arrayGlue(text: string, members: JsonMemberSpan[], key: string): Glue | null {
  const array = findMember(members, key)?.value;
  if (array?.kind !== 'array' || array.items.length === 0) return null;
  return glueOf(text, array.start, array.end, array.items);
}

function defaultArrayGlue(newline: string, indent: string): Glue {
  if (newline === '') return { open: '', separator: ',', close: '' };
  return { open: newline + indent + indent, separator: `,${newline}${indent}${indent}`, close: newline + indent };
}

/**
 * The style of the first node (else edge, else other top-level object such as `metadata`) that
 * has members; Obsidian's when there is none.
 */
function elementStyle(text: string, members: JsonMemberSpan[]): ElementStyle {
  const arrays = ['nodes', 'edges'].flatMap((key) => {
    const array = findMember(members, key)?.value;
    return array?.kind === 'array' ? array.items : [];
  });
  const others = members.filter((member) => member.key !== 'nodes' && member.key !== 'edges').map((member) => member.value);
  const elements = [...arrays, ...others];
  const sample = elements.find((item): item is JsonSpan & { kind: 'object' } => item.kind === 'object' && item.members.length > 0);
  const [first, second] = sample?.members ?? [];
  if (sample === undefined || first === undefined) return OBSIDIAN_LAYOUT.element;
  return {
    multiline: text.slice(sample.start, sample.end).includes('\n'),
    colon: text.slice(first.keyEnd, first.value.start),
    comma: second === undefined ? ',' : text.slice(first.value.end, second.keyStart),
  };
}
