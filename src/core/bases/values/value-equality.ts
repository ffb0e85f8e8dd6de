import { parseDateText } from '../dates/parse-date';
import { durationMilliseconds } from '../dates/duration';
import type { BaseValue, LinkValue } from './base-value';

/**
 * `==` as Bases defines it: values of one kind compare by content (lists item by item, objects
 * key by key); null equals only null. Across kinds, as the Bases syntax page documents, a link
 * equals another link or a file when both point at the same file (or, unresolved, when their
 * link texts are identical), and a string compares with a link by its link text or path and
 * with a date by the date it spells. A duration equals a number of milliseconds. Anything else
 * of different kinds is unequal: `1 == "1"` is false.
 */
export function valuesEqual(a: BaseValue, b: BaseValue): boolean {
  if (a.kind === 'link') return linkEquals(a, b);
  if (b.kind === 'link') return linkEquals(b, a);
  if (a.kind === 'file' || b.kind === 'file') return fileEquals(a, b) || fileEquals(b, a);
  if (a.kind === 'date' || b.kind === 'date') return timeOf(a) !== null && timeOf(a) === timeOf(b);
  if (a.kind === 'duration' || b.kind === 'duration') return millisecondsOf(a) !== null && millisecondsOf(a) === millisecondsOf(b);
  return sameKindEquals(a, b);
}

function sameKindEquals(a: BaseValue, b: BaseValue): boolean {
  if (a.kind === 'null' || b.kind === 'null') return a.kind === b.kind;
  if (a.kind === 'list' && b.kind === 'list') return a.items.length === b.items.length && a.items.every((item, index) => valuesEqual(item, b.items[index] ?? { kind: 'null' }));
  if (a.kind === 'object' && b.kind === 'object') return a.entries.size === b.entries.size && [...a.entries].every(([key, entry]) => b.entries.has(key) && valuesEqual(entry, b.entries.get(key) ?? { kind: 'null' }));
  if (a.kind === 'regexp' && b.kind === 'regexp') return a.source === b.source && a.flags === b.flags;
  return a.kind === b.kind && 'value' in a && 'value' in b && a.value === b.value;
}

function linkEquals(link: LinkValue, other: BaseValue): boolean {
  switch (other.kind) {
    case 'link':
      return link.target !== null && other.target !== null ? link.target === other.target : sameLinktext(link.linktext, other.linktext);
    case 'file':
      return link.target === other.path;
    case 'string':
      return sameLinktext(link.linktext, unbracket(other.value)) || (link.target !== null && sameLinktext(link.target, other.value));
    default:
      return false;
  }
}

function fileEquals(file: BaseValue, other: BaseValue): boolean {
  if (file.kind !== 'file') return false;
  if (other.kind === 'file') return file.path === other.path;
  return other.kind === 'string' && sameLinktext(file.path, other.value);
}

/** Link texts are equal ignoring a trailing `.md`, as `[[Note]]` and `[[Note.md]]` name one file. */
function sameLinktext(a: string, b: string): boolean {
  return a.replace(/\.md$/, '') === b.replace(/\.md$/, '');
}

/** `[[target|alias]]` → `target`; other text unchanged. */
function unbracket(text: string): string {
  const match = /^\s*!?\[\[([^\]|]*)(?:\|[^\]]*)?\]\]\s*$/.exec(text);
  return match?.[1] ?? text;
}

function timeOf(value: BaseValue): number | null {
  if (value.kind === 'date') return value.time;
  return value.kind === 'string' ? (parseDateText(value.value)?.time ?? null) : null;
}

function millisecondsOf(value: BaseValue): number | null {
  if (value.kind === 'duration') return durationMilliseconds(value);
  return value.kind === 'number' ? value.value : null;
}
