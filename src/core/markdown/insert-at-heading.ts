import { resolveHeadingTarget, type HeadingTarget } from './heading-target';
import { insertBlockAt, toInsertedBlock } from './inserted-markdown';
import { detectLineEnding } from './line-ending';

/**
 * Inserts markdown on its own line(s) immediately before a heading's line (so it ends the
 * previous section). No blank lines are added; the markdown's own are kept. Throws
 * `heading_not_found` / `heading_ambiguous` / `invalid_input` (blank markdown).
 */
export function insertBeforeHeading(text: string, heading: string, markdown: string): string {
  return insertAtHeading(text, heading, markdown, 'insert_before_heading', (target) => target.lines.start(target.firstLine));
}

/**
 * Inserts markdown on its own line(s) immediately after a heading's line, as the first lines of
 * its section. No blank lines are added; the markdown's own are kept. Throws
 * `heading_not_found` / `heading_ambiguous` / `invalid_input` (blank markdown).
 */
export function insertAfterHeading(text: string, heading: string, markdown: string): string {
  return insertAtHeading(text, heading, markdown, 'insert_after_heading', (target) => target.lines.next(target.lastLine));
}

function insertAtHeading(text: string, heading: string, markdown: string, operation: string, offsetOf: (target: HeadingTarget) => number): string {
  const lineEnding = detectLineEnding(text);
  const block = toInsertedBlock(markdown, lineEnding, operation);
  const target = resolveHeadingTarget(text, heading);
  return insertBlockAt(text, offsetOf(target), block, lineEnding);
}
