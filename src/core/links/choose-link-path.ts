import { parentOf } from '../vault/paths';
import { toRelativeLinkPath } from './relative-link-path';

/** How to pick the text of a rewritten link. */
export interface LinkPathChoice {
  /** The file the link must point at, as a vault path. */
  target: string;
  /** Path of the note that holds the link, after the move. */
  sourcePath: string;
  /** Keep `.md` on a markdown target, because the old link had it. */
  keepMarkdownExtension: boolean;
  /** Try a `./` / `../` path first, because the old link was written that way. */
  relative: boolean;
  /** Resolution against the vault as it will be. */
  resolve(linkpath: string, sourcePath: string): string | null;
}

const MARKDOWN_EXTENSION = /\.md$/i;

/**
 * Chooses the link text Obsidian's "shortest path when possible" format would write: the bare
 * name when it resolves to the target, else the full vault path (a relative path first when
 * the old link was relative). Partial path suffixes (`Sub/Note`) are not used: Obsidian never
 * generates them, so a link we write looks like one Obsidian would have written.
 * Returns null when no candidate resolves to the target, so the caller leaves the link alone.
 */
export function chooseLinkPath(choice: LinkPathChoice): string | null {
  const candidates = candidatesFor(choice);
  return candidates.find((candidate) => choice.resolve(candidate, choice.sourcePath) === choice.target) ?? null;
}

function candidatesFor(choice: LinkPathChoice): string[] {
  const written = choice.keepMarkdownExtension ? choice.target : choice.target.replace(MARKDOWN_EXTENSION, '');
  const candidates = choice.relative ? [toRelativeLinkPath(parentOf(choice.sourcePath), written)] : [];
  const name = written.slice(written.lastIndexOf('/') + 1);
  candidates.push(name, written, choice.target);
  return candidates;
}
