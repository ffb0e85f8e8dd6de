import { IndxError } from '../errors';
import { TRAILING_BLOCK_ID } from './heading-block-id';
import { resolveHeadingTarget } from './heading-target';

const ATX_OPENING = /^[ \t]{0,3}#{1,6}(?:[ \t]+|$)/;
const ATX_CLOSING = /(?:^|[ \t]+)#+[ \t]*$|[ \t]+$/;

/**
 * Changes a heading's text and returns the new note text. Only the text between the `#`s (or, for
 * a setext heading, on its text line) and any closing `#`s changes: the level, the markers and a
 * trailing ` ^id` stay (the id is re-appended unless `to` already ends with it). A leading
 * `## ` in `to` is dropped. Renaming to the current text returns `text` unchanged. Links to the
 * heading are not rewritten. Throws `invalid_input` for an empty or multi-line `to`, and
 * `heading_not_found` / `heading_ambiguous` for `from`.
 */
export function renameHeading(text: string, from: string, to: string): string {
  const newText = toHeadingText(to);
  const target = resolveHeadingTarget(text, from);
  const lineStart = target.lines.start(target.firstLine);
  const line = target.lines.content(target.firstLine);
  const [start, end] = headingTextRange(line);
  const replacement = withBlockId(newText, line.slice(start, end));
  return text.slice(0, lineStart + start) + replacement + text.slice(lineStart + end);
}

function toHeadingText(to: string): string {
  const newText = to.trim().replace(/^#{1,6}[ \t]+/, '').trim();
  if (newText === '' || /[\r\n]/.test(newText)) {
    throw new IndxError('invalid_input', `New heading text ${JSON.stringify(to)} is not usable: pass non-empty text on one line, without the leading #s.`, { to });
  }
  return newText;
}

function headingTextRange(line: string): [number, number] {
  const opening = ATX_OPENING.exec(line);
  const start = opening ? opening[0].length : line.length - line.trimStart().length;
  const rest = line.slice(start);
  const closing = (opening ? ATX_CLOSING : /[ \t]+$/).exec(rest);
  return [start, start + (closing ? closing.index : rest.length)];
}

function withBlockId(newText: string, oldText: string): string {
  const marker = TRAILING_BLOCK_ID.exec(oldText)?.[0];
  if (marker === undefined || endsWithMarker(newText, marker.trim())) return newText;
  return newText + marker;
}

function endsWithMarker(text: string, marker: string): boolean {
  return text.endsWith(marker) && /[ \t]/.test(text.charAt(text.length - marker.length - 1));
}
