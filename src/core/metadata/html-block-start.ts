import { type ContentLine } from './content-line';
import { blockTextStart, isOnlyWhitespace } from './block-starts';

/**
 * CommonMark HTML blocks. Obsidian does not index tags, links or list items inside them, so a
 * `<!-- … -->` spanning lines hides everything it wraps.
 */

const RAW_TAGS = ['script', 'pre', 'style', 'textarea'];

const BLOCK_TAGS = new Set(
  (
    'address article aside base basefont blockquote body caption center col colgroup dd details dialog dir ' +
    'div dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html ' +
    'iframe legend li link main menu menuitem nav noframes ol optgroup option p param search section summary ' +
    'table tbody td tfoot th thead title tr track ul'
  ).split(' '),
);

/** The end marker of the HTML block kinds 1 to 5 (kinds 6 and 7 end at a blank line). */
const END_MARKERS: Record<number, string[]> = {
  1: ['</script>', '</pre>', '</style>', '</textarea>'],
  2: ['-->'],
  3: ['?>'],
  4: ['>'],
  5: [']]>'],
};

/** The CommonMark HTML block kind (1 to 7) that starts on this line, or 0. */
export function htmlBlockKind(content: string, line: ContentLine): number {
  const textStart = blockTextStart(content, line);
  if (textStart === -1 || content.charCodeAt(textStart) !== 60) return 0;
  const text = content.slice(textStart, line.end);
  if (text.startsWith('<!--')) return 2;
  if (text.startsWith('<?')) return 3;
  if (text.startsWith('<![CDATA[')) return 5;
  if (/^<![A-Za-z]/.test(text)) return 4;
  const name = /^<\/?([A-Za-z][A-Za-z0-9-]*)/.exec(text);
  if (name === null) return 0;
  return tagKind(text, name[0].length, (name[1] ?? '').toLowerCase());
}

/** Kind 1, 6 or 7 from the tag name and what follows it. */
function tagKind(text: string, nameEnd: number, name: string): number {
  const after = text.charAt(nameEnd);
  const isClosing = text.charAt(1) === '/';
  if (!isClosing && RAW_TAGS.includes(name) && (after === '' || after === '>' || /\s/.test(after))) return 1;
  if (BLOCK_TAGS.has(name) && (after === '' || after === '>' || after === '/' || /\s/.test(after))) return 6;
  return isCompleteTagLine(text) ? 7 : 0;
}

/** True when the line is one complete open or close tag followed only by whitespace. */
function isCompleteTagLine(text: string): boolean {
  const close = text.indexOf('>');
  if (close === -1 || text.lastIndexOf('<', close) !== 0) return false;
  return isOnlyWhitespace(text, close + 1, text.length);
}

/** True when this line ends an HTML block of kind 1 to 5. */
export function endsHtmlBlock(content: string, line: ContentLine, kind: number): boolean {
  const markers = END_MARKERS[kind];
  if (markers === undefined) return false;
  const text = content.slice(line.start, line.end);
  const lower = kind === 1 ? text.toLowerCase() : text;
  return markers.some((marker) => lower.includes(marker));
}
