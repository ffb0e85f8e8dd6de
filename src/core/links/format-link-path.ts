import type { LinkPathSpan } from './locate-link-path';

// Characters that end or corrupt a bare markdown destination, or that the decoder would read as
// an escape: written as percent escapes, the way Obsidian writes spaces (`%20`).
const UNSAFE_IN_DESTINATION = /[%\s<>#]/gu;

/**
 * Writes a vault path the way the link it replaces was written. Wikilinks and angle-bracket
 * markdown destinations take the path as is; a bare markdown destination is percent-encoded,
 * unless the old destination itself held literal spaces (then that unencoded style is kept).
 */
export function formatLinkPath(path: string, span: LinkPathSpan, writtenPath: string): string {
  if (span.style === 'wikilink' || span.angle) return path;
  if (writtenPath.includes(' ')) return path;
  return path.replace(UNSAFE_IN_DESTINATION, (character) => encodeURIComponent(character));
}
