import { resolveHeadingTarget, type HeadingTarget } from './heading-target';
import { trimBlankLines } from './inserted-markdown';
import { detectLineEnding, withLineEnding, type LineEnding } from './line-ending';

const BLANK_FIRST_LINE = /^[ \t]*(?:\r?\n)/;
const BLANK_LAST_LINE = /(?:^|\n)[ \t]*\r?\n$/;

/**
 * Replaces the content of a heading's section and returns the new note text. The heading line is
 * kept; what is replaced runs from the line after it up to (not including) the next heading of the
 * same or a higher level, or to the end of the file, so subheadings are replaced too.
 *
 * Spacing rule: blank lines at the start and end of `markdown` are dropped, and the original's
 * spacing is kept instead: one blank line after the heading if the old content began with a blank
 * line, and one blank line before the next heading if the old content ended with one. The new
 * content always ends with a line break. Empty markdown clears the section (one blank line is
 * kept before a following heading if the old content had any such spacing). Throws
 * `heading_not_found` / `heading_ambiguous`.
 */
export function replaceSection(text: string, heading: string, markdown: string): string {
  const target = resolveHeadingTarget(text, heading);
  const lineEnding = detectLineEnding(text);
  const bodyStart = target.lines.next(target.lastLine);
  const bodyEnd = target.sectionEndLine === undefined ? text.length : target.lines.start(target.sectionEndLine);
  const separator = bodyStart > 0 && text[bodyStart - 1] !== '\n' ? lineEnding : '';
  const content = newContent(text.slice(bodyStart, bodyEnd), target, markdown, lineEnding);
  return text.slice(0, bodyStart) + (content === '' ? '' : separator + content) + text.slice(bodyEnd);
}

function newContent(oldContent: string, target: HeadingTarget, markdown: string, lineEnding: LineEnding): string {
  const core = withLineEnding(trimBlankLines(markdown), lineEnding);
  const blankBefore = BLANK_FIRST_LINE.test(oldContent);
  const blankAfter = target.sectionEndLine !== undefined && BLANK_LAST_LINE.test(oldContent);
  if (core.trim() === '') return target.sectionEndLine !== undefined && (blankBefore || blankAfter) ? lineEnding : '';
  return (blankBefore ? lineEnding : '') + core + lineEnding + (blankAfter ? lineEnding : '');
}
