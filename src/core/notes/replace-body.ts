import { locateFrontmatter } from '../metadata/frontmatter';
import { parseMetadata } from '../metadata/parse-metadata';

/**
 * Replaces everything after the frontmatter block with `body`, keeping the block (and the line
 * break after it) byte-identical. Without frontmatter the whole text is replaced, and so is a
 * block whose YAML is not a valid mapping (Obsidian sees no frontmatter there).
 */
export function replaceBody(text: string, body: string): string {
  return joinBody(text, parseMetadata(text).frontmatterPosition?.end.offset, body);
}

/**
 * `replaceBody` for a text whose block, if it has one, holds a valid mapping (indx just wrote
 * it): the block is found from its delimiter lines, without parsing its YAML again.
 */
export function replaceBodyAfterValidBlock(text: string, body: string): string {
  const lines = locateFrontmatter(text);
  return joinBody(text, lines === null ? undefined : lines.closingStart + 3, body);
}

function joinBody(text: string, blockEnd: number | undefined, body: string): string {
  if (blockEnd === undefined) return body;
  const lineBreak = /^\r?\n/.exec(text.slice(blockEnd))?.[0] ?? '\n';
  return text.slice(0, blockEnd) + lineBreak + body;
}
