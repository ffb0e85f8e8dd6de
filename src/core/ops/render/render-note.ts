import { stringify } from 'yaml';
import { renderFields } from './render-fields';

interface NoteOutput {
  path: string;
  etag: string;
  body?: string;
  frontmatter?: Record<string, unknown> | null;
  lines?: string;
  from_line?: number;
  to_line?: number;
  total_lines?: number;
}

/** Fields the note text shows itself; the rest are listed after it. */
const SHOWN = ['path', 'etag', 'body', 'frontmatter', 'lines', 'from_line', 'to_line', 'total_lines'];

/**
 * The text of a note read: a header line with path and etag (and the line range when lines were
 * asked for), then the note as markdown (its frontmatter as a YAML block when read and present,
 * then the body, or the lines as returned), then whatever else was asked for (outline, links,
 * backlinks, stat) one item per line.
 */
export function renderNote(output: NoteOutput, summary: string): string {
  const parts = [`${output.path} (etag ${output.etag})${rangeOf(output)}`];
  const frontmatter = output.frontmatter;
  if (frontmatter !== undefined && frontmatter !== null && Object.keys(frontmatter).length > 0) parts.push(`---\n${stringify(frontmatter).trimEnd()}\n---`);
  const rest = renderFields(output, summary, SHOWN).split('\n').slice(1);
  const text = [output.body, output.lines].filter((value) => value !== undefined);
  // The text as it is; when more parts follow, one blank line between it and them.
  text.forEach((value, index) => parts.push(rest.length === 0 && index === text.length - 1 ? value : value.trimEnd()));
  return [...parts, ...(rest.length === 0 ? [] : ['', ...rest])].join('\n');
}

function rangeOf(output: NoteOutput): string {
  if (output.total_lines === undefined) return '';
  const { from_line: from = 1, to_line: to = 0, total_lines: total } = output;
  return from <= to ? ` lines ${from}–${to} of ${total}` : ` no lines from ${from}: the file has ${total}`;
}
