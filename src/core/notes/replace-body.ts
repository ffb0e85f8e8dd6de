import { parseMetadata } from '../metadata/parse-metadata';

/**
 * Replaces everything after the frontmatter block with `body`, keeping the block (and the line
 * break after it) byte-identical. Without frontmatter the whole text is replaced.
 */
export function replaceBody(text: string, body: string): string {
  const end = parseMetadata(text).frontmatterPosition?.end.offset;
  if (end === undefined) return body;
  const lineBreak = /^\r?\n/.exec(text.slice(end))?.[0] ?? '\n';
  return text.slice(0, end) + lineBreak + body;
}
