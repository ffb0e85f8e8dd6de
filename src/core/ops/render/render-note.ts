import { stringify } from 'yaml';
import { renderFields } from './render-fields';

interface NoteOutput {
  path: string;
  etag: string;
  body?: string;
  frontmatter?: Record<string, unknown> | null;
}

/**
 * The text of a note read: a header line with path and etag, then the note as markdown (its
 * frontmatter as a YAML block when read and present, then the body), then whatever else was asked
 * for (outline, links, backlinks, stat) one item per line.
 */
export function renderNote(output: NoteOutput, summary: string): string {
  const parts = [`${output.path} (etag ${output.etag})`];
  const frontmatter = output.frontmatter;
  if (frontmatter !== undefined && frontmatter !== null && Object.keys(frontmatter).length > 0) parts.push(`---\n${stringify(frontmatter).trimEnd()}\n---`);
  const rest = renderFields(output, summary, ['path', 'etag', 'body', 'frontmatter']).split('\n').slice(1);
  // The body as it is; when more parts follow, one blank line between it and them.
  if (output.body !== undefined) parts.push(rest.length === 0 ? output.body : output.body.trimEnd());
  return [...parts, ...(rest.length === 0 ? [] : ['', ...rest])].join('\n');
}
