import { type CoreScalar, resolveCoreScalar } from './core-scalar';

/**
 * Returned by `parseSimpleYamlMapping` when the text lies outside the subset it reads: the caller
 * must then ask the `yaml` package, which alone knows what such text means.
 */
export const NOT_SIMPLE = Symbol('not simple YAML');

/** The `NOT_SIMPLE` marker's type. */
export type NotSimple = typeof NOT_SIMPLE;

/** A value of the subset: a scalar or a list of scalars. */
export type SimpleValue = CoreScalar | CoreScalar[];

/** A mapping of the subset, as the `yaml` package's `toJS` would build it. */
export type SimpleMapping = Record<string, SimpleValue>;

/** One top-level entry and the index of the first line after it. */
interface Entry {
  key: string;
  value: SimpleValue;
  next: number;
}

/** A scalar read from a line and the offset just past it. */
interface ReadScalar {
  value: CoreScalar;
  end: number;
}

/**
 * A character the fast path leaves to the `yaml` package: anything but LF, CR, printable ASCII and
 * the rest of the Basic Multilingual Plane (surrogates included, for emoji), that is tabs
 * (indentation and separation rules differ for them), control characters, NEL and the other C1
 * controls, the line and paragraph separators, byte order marks and the noncharacters
 * U+FFFE/U+FFFF; or a carriage return that does not end a line. Written as the allowed ranges so
 * that it needs neither control characters in the pattern nor the slower `u` flag.
 */
const UNSAFE_CHARACTER = /[^\n\r\x20-\x7E\xA0-\u2027\u202A-\uFEFE\uFF00-\uFFFD]|\r(?!\n)/;

/**
 * A plain key: a letter, digit, `_` or a character from U+00C0 on, then no character that could
 * end or change it (`:`, `#`, flow indicators, quotes, backslash, no-break space) and no space at
 * its end. Keys such as `-x`, `.x`, `<<` or `a[0]` are valid YAML but left to the package.
 */
const PLAIN_KEY = /^[A-Za-z0-9_\u00C0-\uFFFF](?:[^:#,[\]{}"'`\\\u00A0]*[^:#,[\]{}"'`\\\u00A0 ])?$/;

/** Characters that make a scalar something other than a plain one when they start it. */
const INDICATORS = new Set(['-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`']);

/** What may follow a finished value on its line: spaces, then nothing or a comment. */
const LINE_END = / *$| +#/y;

/** Where a plain scalar inside `[…]` ends. */
const FLOW_ITEM_END = /[,\]]/g;

/** Characters the fast path does not accept inside a plain scalar of a `[…]` list. */
const UNSAFE_IN_FLOW_ITEM = /[:#[\]{}"']/;

/** Backslash escapes of double-quoted scalars that the fast path reads; any other gives up. */
const ESCAPES: ReadonlyMap<string, string> = new Map([
  ['\\', '\\'],
  ['"', '"'],
  ['/', '/'],
  ['n', '\n'],
  ['t', '\t'],
]);

/**
 * The `yaml` package refuses implicit keys whose `:` lies more than 1,024 characters after their
 * start; the fast path stays well below that.
 */
const MAX_KEY_LENGTH = 1000;

/**
 * Reads the simple YAML that almost all frontmatter is, without the `yaml` package, and returns
 * exactly what `parseYamlMapping`'s package path returns for it (null for an empty block or
 * duplicate keys), or `NOT_SIMPLE` for anything outside the subset. The subset: top-level
 * `key: value` lines at column 0 (plain keys that are strings under the core schema, or quoted
 * keys without escapes); values that are plain, single-quoted or double-quoted scalars on one
 * line, `[a, "b"]` lists of such scalars on one line, or nothing, then optionally a block list of
 * such scalars at one consistent indent below; blank lines and `#` comments on their own line or
 * after a space; LF or CRLF line ends. Parsing `yaml` costs about 0.1 ms a note, a third of the
 * time of opening a vault headlessly; giving up costs only that.
 */
export function parseSimpleYamlMapping(text: string): SimpleMapping | null | NotSimple {
  if (UNSAFE_CHARACTER.test(text)) return NOT_SIMPLE;
  const lines = splitLines(text);
  const mapping: SimpleMapping = {};
  let keys = 0;
  let duplicate = false;
  for (let index = 0; index < lines.length; ) {
    if (isBlankOrComment(lineAt(lines, index))) {
      index += 1;
      continue;
    }
    const entry = readEntry(lines, index);
    if (entry === NOT_SIMPLE) return NOT_SIMPLE;
    // A repeated key makes the whole block invalid, but only once the rest is known to be simple.
    if (Object.hasOwn(mapping, entry.key)) duplicate = true;
    else addPair(mapping, entry.key, entry.value);
    keys += 1;
    index = entry.next;
  }
  return duplicate || keys === 0 ? null : mapping;
}

/** The lines of `text` without their LF or CRLF; a final line break does not open another line. */
function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  if (!text.includes('\r')) return lines;
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/** The line at `index`, which the callers know exists. */
function lineAt(lines: readonly string[], index: number): string {
  return lines[index] ?? '';
}

/**
 * Adds a pair the way the `yaml` package's `toJS` does: a key the object already has through its
 * prototype (`__proto__`, `toString`) is defined as an own property instead of assigned.
 */
function addPair(mapping: SimpleMapping, key: string, value: SimpleValue): void {
  if (key in mapping) Object.defineProperty(mapping, key, { value, writable: true, enumerable: true, configurable: true });
  else mapping[key] = value;
}

/** True for a line of spaces only, or spaces and a `#` comment. */
function isBlankOrComment(line: string): boolean {
  const start = skipSpaces(line, 0);
  return start === line.length || line[start] === '#';
}

/** The offset of the first non-space at or after `start`. */
function skipSpaces(text: string, start: number): number {
  let offset = start;
  while (text[offset] === ' ') offset += 1;
  return offset;
}

/** `text` without the spaces at its end (other white space, such as U+00A0, is part of a plain scalar). */
function trimEndSpaces(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === ' ') end -= 1;
  return text.slice(0, end);
}

/** True when only spaces, or spaces and a comment, follow `offset` on the line. */
function endsLine(text: string, offset: number): boolean {
  LINE_END.lastIndex = offset;
  return LINE_END.test(text);
}

/** The top-level entry starting on line `index`: its key, its value and where the next entry may start. */
function readEntry(lines: readonly string[], index: number): Entry | NotSimple {
  const line = lineAt(lines, index);
  const key = readKey(line);
  if (key === NOT_SIMPLE) return NOT_SIMPLE;
  const valueStart = skipSpaces(line, key.end + 1);
  if (valueStart === line.length || line[valueStart] === '#') return readValueBelow(lines, index + 1, key.value);
  const value = line[valueStart] === '[' ? readFlowSequence(line, valueStart) : readLineScalar(line.slice(valueStart));
  return value === NOT_SIMPLE ? NOT_SIMPLE : { key: key.value, value, next: index + 1 };
}

/**
 * The key at the start of a line and the offset of its `:`, which must be followed by a space or
 * end the line. A plain key must stay a string under the core schema (`1:`, `null:`, `true:` are
 * left to the package, which turns them into other keys and compares them as such).
 */
function readKey(line: string): { value: string; end: number } | NotSimple {
  const quoted = line.startsWith('"') || line.startsWith("'") ? readQuoted(line, 0) : null;
  if (quoted === NOT_SIMPLE) return NOT_SIMPLE;
  const end = quoted === null ? line.indexOf(':') : quoted.end;
  if (end === -1 || end > MAX_KEY_LENGTH || line[end] !== ':') return NOT_SIMPLE;
  if (end + 1 < line.length && line[end + 1] !== ' ') return NOT_SIMPLE;
  if (quoted !== null) return quoted.end - 2 === quoted.value.length ? { value: quoted.value, end } : NOT_SIMPLE;
  const source = line.slice(0, end);
  return PLAIN_KEY.test(source) && typeof resolveCoreScalar(source) === 'string' ? { value: source, end } : NOT_SIMPLE;
}

/**
 * The value of a key with nothing after its `:`: a block list of scalars on the lines below, all
 * at one indent (column 0 included), or null when the next entry or the end comes first.
 */
function readValueBelow(lines: readonly string[], start: number, key: string): Entry | NotSimple {
  let index = start;
  while (index < lines.length && isBlankOrComment(lineAt(lines, index))) index += 1;
  if (index === lines.length) return { key, value: null, next: index };
  const first = lineAt(lines, index);
  const indent = skipSpaces(first, 0);
  if (!isItemAt(first, indent)) return indent === 0 ? { key, value: null, next: index } : NOT_SIMPLE;
  const items: CoreScalar[] = [];
  for (; index < lines.length; index += 1) {
    const line = lineAt(lines, index);
    if (isBlankOrComment(line)) continue;
    if (!isItemAt(line, indent) || skipSpaces(line, 0) !== indent) break;
    const item = readItem(line, indent + 1);
    if (item === NOT_SIMPLE) return NOT_SIMPLE;
    items.push(item);
  }
  return { key, value: items, next: index };
}

/** True when `line` has a `-` list marker at `indent`, followed by a space or the line's end. */
function isItemAt(line: string, indent: number): boolean {
  return line[indent] === '-' && (indent + 1 === line.length || line[indent + 1] === ' ');
}

/** A block list item's scalar, read after its `-`: null when nothing (or only a comment) follows. */
function readItem(line: string, start: number): CoreScalar | NotSimple {
  const valueStart = skipSpaces(line, start);
  if (valueStart === line.length || line[valueStart] === '#') return null;
  return readLineScalar(line.slice(valueStart));
}

/** A quoted or plain scalar that fills the rest of a line (`text` starts at its first character). */
function readLineScalar(text: string): CoreScalar | NotSimple {
  if (text.startsWith('"') || text.startsWith("'")) {
    const quoted = readQuoted(text, 0);
    return quoted !== NOT_SIMPLE && endsLine(text, quoted.end) ? quoted.value : NOT_SIMPLE;
  }
  return readPlain(text);
}

/**
 * A plain scalar in a block: up to a ` #` comment, trailing spaces dropped. One that holds `: `
 * or ends with `:` would be a mapping, so the package decides.
 */
function readPlain(text: string): CoreScalar | NotSimple {
  const comment = text.indexOf(' #');
  const source = trimEndSpaces(comment === -1 ? text : text.slice(0, comment));
  if (!startsPlain(source) || source.includes(': ') || source.endsWith(':')) return NOT_SIMPLE;
  return resolveCoreScalar(source);
}

/** True when `source` is non-empty and its first character does not make it something else than a plain scalar. */
function startsPlain(source: string): boolean {
  const first = source[0];
  if (first === undefined) return false;
  if (first === '-') return source.length > 1 && source[1] !== ' ';
  return !INDICATORS.has(first);
}

/**
 * A `[a, "b", 3]` list on one line (`start` at its `[`): scalars separated by commas, nothing but
 * a comment after the `]`. Empty items, a trailing comma and nested collections are left to the
 * package.
 */
function readFlowSequence(line: string, start: number): CoreScalar[] | NotSimple {
  const items: CoreScalar[] = [];
  let offset = skipSpaces(line, start + 1);
  if (line[offset] === ']') return endsLine(line, offset + 1) ? items : NOT_SIMPLE;
  for (;;) {
    const item = readFlowItem(line, offset);
    if (item === NOT_SIMPLE) return NOT_SIMPLE;
    items.push(item.value);
    if (line[item.end] === ']') return endsLine(line, item.end + 1) ? items : NOT_SIMPLE;
    offset = skipSpaces(line, item.end + 1);
  }
}

/** One item of a `[…]` list and the offset of the `,` or `]` after it. */
function readFlowItem(line: string, start: number): ReadScalar | NotSimple {
  if (line[start] === '"' || line[start] === "'") {
    const quoted = readQuoted(line, start);
    if (quoted === NOT_SIMPLE) return NOT_SIMPLE;
    const end = skipSpaces(line, quoted.end);
    return line[end] === ',' || line[end] === ']' ? { value: quoted.value, end } : NOT_SIMPLE;
  }
  FLOW_ITEM_END.lastIndex = start;
  const end = FLOW_ITEM_END.exec(line)?.index;
  if (end === undefined) return NOT_SIMPLE;
  const source = trimEndSpaces(line.slice(start, end));
  if (!startsPlain(source) || UNSAFE_IN_FLOW_ITEM.test(source)) return NOT_SIMPLE;
  return { value: resolveCoreScalar(source), end };
}

/** A quoted scalar closed on the same line (`start` at its opening quote) and the offset past its closing quote. */
function readQuoted(line: string, start: number): { value: string; end: number } | NotSimple {
  return line[start] === "'" ? readSingleQuoted(line, start + 1) : readDoubleQuoted(line, start + 1);
}

/** The rest of a single-quoted scalar: `''` stands for one quote. */
function readSingleQuoted(line: string, start: number): { value: string; end: number } | NotSimple {
  let value = '';
  for (let offset = start; ; ) {
    const quote = line.indexOf("'", offset);
    if (quote === -1) return NOT_SIMPLE;
    value += line.slice(offset, quote);
    if (line[quote + 1] !== "'") return { value, end: quote + 1 };
    value += "'";
    offset = quote + 2;
  }
}

/** The rest of a double-quoted scalar, with the escapes of `ESCAPES` only. */
function readDoubleQuoted(line: string, start: number): { value: string; end: number } | NotSimple {
  let value = '';
  for (let offset = start; ; ) {
    const quote = line.indexOf('"', offset);
    if (quote === -1) return NOT_SIMPLE;
    const backslash = line.indexOf('\\', offset);
    if (backslash === -1 || backslash > quote) return { value: value + line.slice(offset, quote), end: quote + 1 };
    const escaped = ESCAPES.get(line.charAt(backslash + 1));
    if (escaped === undefined) return NOT_SIMPLE;
    value += line.slice(offset, backslash) + escaped;
    offset = backslash + 2;
  }
}
