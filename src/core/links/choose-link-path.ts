import { parseLinktext } from '../metadata/linktext';
import { parentOf } from '../vault/paths';
import { formatLinkPath } from './format-link-path';
import type { LinkPathSpan } from './locate-link-path';
import { readWrittenLink, type LinkPlace } from './read-written-link';
import { toRelativeLinkPath } from './relative-link-path';

/** How to pick the text of a rewritten link. */
export interface LinkPathChoice {
  /** The file the link must point at, as a vault path. */
  target: string;
  /** Path of the note that holds the link, after the move. */
  sourcePath: string;
  /** The link as written before the move (`[[a#h|x]]`, `[t](a.md)`). */
  original: string;
  /** Where the path sits in `original`: the bytes the new path replaces. */
  span: LinkPathSpan;
  /** The old target path as the parser read it (decoded, no subpath): a `.md` or `./` in it is kept. */
  oldPath: string;
  /** The old subpath (`#h`, `#^id` or ''), which the new link must still carry. */
  subpath: string;
  /** Where the link is written, which decides how it is read back. */
  place: LinkPlace;
  /** Resolution against the vault as it will be. */
  resolve(linkpath: string, sourcePath: string): string | null;
}

const MARKDOWN_EXTENSION = /\.md$/i;
const RELATIVE_PREFIX = /^\.\.?\//;

/**
 * Chooses the new path bytes of a link the way Obsidian's "shortest path when possible" format
 * would write them: the bare name when it resolves to the target, else the full vault path (a
 * relative path first when the old link was relative), each formatted for the link's style.
 * Partial path suffixes (`Sub/Note`) are not used: Obsidian never generates them.
 * Each candidate is checked by writing the whole new link and reading it back with the parser:
 * it must still be one link, keep its subpath, and resolve to the target. Returns the first
 * candidate that passes, or null (the caller then leaves the link alone).
 */
export function chooseLinkPath(choice: LinkPathChoice): string | null {
  for (const candidate of candidatesFor(choice)) {
    const replacement = formatLinkPath(candidate, choice.span);
    if (readsAsTarget(choice, replacement)) return replacement;
  }
  return null;
}

function candidatesFor(choice: LinkPathChoice): string[] {
  const keepExtension = MARKDOWN_EXTENSION.test(choice.oldPath);
  const written = keepExtension ? choice.target : choice.target.replace(MARKDOWN_EXTENSION, '');
  const candidates = RELATIVE_PREFIX.test(choice.oldPath) ? [toRelativeLinkPath(parentOf(choice.sourcePath), written)] : [];
  const name = written.slice(written.lastIndexOf('/') + 1);
  candidates.push(name, written, choice.target);
  return candidates;
}

function readsAsTarget(choice: LinkPathChoice, replacement: string): boolean {
  const { original, span } = choice;
  const reread = readWrittenLink(original.slice(0, span.start) + replacement + original.slice(span.end), choice.place);
  if (reread === null) return false;
  const { path, subpath } = parseLinktext(reread.link);
  return subpath === choice.subpath && path !== '' && choice.resolve(path, choice.sourcePath) === choice.target;
}
