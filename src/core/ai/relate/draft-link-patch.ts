import { buildOutline } from '../../markdown/build-outline';
import type { PatchOp } from '../../markdown/patch-op';
import { suggestHeadingQuery } from '../../markdown/suggest-heading-query';
import type { HeadingCache } from '../../metadata/types';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import type { ProposedPatch } from '../ai-schemas';

/** One list item to add to a source's "Related" section. */
export interface RelatedItem {
  /** The related note. */
  path: string;
  /** The link path to write (`createLinkPathChooser`). */
  linkPath: string;
  /** The relation, or "related" for an unclassified edge. */
  label: string;
}

const RELATED_HEADING = 'related';

/**
 * A note_patch draft adding `- [[dst]] — <relation>` items to a source note, pinned to the
 * source's etag (`if_match`). When the note has a "Related" heading (any level, case ignored;
 * the first one), the items go at the end of that heading's own text, before any subheading,
 * through `replace_section` with the section's content as it is plus the items (its spacing
 * kept); otherwise an `append_body` adds a `## Related` section at the end of the note.
 */
export function draftLinkPatch(source: NoteSnapshot, items: readonly RelatedItem[]): ProposedPatch {
  const lines = items.map((item) => `- [[${item.linkPath}]] — ${item.label}`);
  const headings = source.metadata.headings ?? [];
  const index = headings.findIndex((heading) => heading.heading.trim().toLowerCase() === RELATED_HEADING);
  const query = index === -1 ? undefined : suggestHeadingQuery(buildOutline(headings), index);
  const op = query === undefined ? appendSection(source.text, lines) : extendSection(source.text, headings, index, query, lines);
  return {
    path: source.path,
    ops: [op],
    if_match: source.etag,
    reason: `Links ${items.length} related note(s) that "${source.path}" does not link yet: ${items.map((item) => `${item.path} (${item.label})`).join(', ')}.`,
    related_to: items.map((item) => item.path),
  };
}

function appendSection(text: string, lines: readonly string[]): PatchOp {
  const spacer = text === '' || /\n[ \t]*\r?\n$/.test(text) ? '' : '\n';
  return { op: 'append_body', markdown: `${spacer}## Related\n${lines.join('\n')}\n` };
}

function extendSection(text: string, headings: readonly HeadingCache[], index: number, query: string, lines: readonly string[]): PatchOp {
  const heading = headings[index] as HeadingCache;
  const noteLines = text.split(/\r?\n/);
  const following = headings.slice(index + 1);
  const sectionEnd = following.find((next) => next.level <= heading.level)?.position.start.line ?? noteLines.length;
  const ownEnd = following[0]?.position.start.line ?? noteLines.length;
  const content = noteLines.slice(heading.position.end.line + 1, sectionEnd);
  const own = content.slice(0, Math.min(ownEnd, sectionEnd) - heading.position.end.line - 1);
  const lastText = own.reduce((last, line, position) => (line.trim() === '' ? last : position), -1);
  const markdown = [...content.slice(0, lastText + 1), ...lines, ...content.slice(lastText + 1)].join('\n');
  return { op: 'replace_section', heading: query, markdown };
}
