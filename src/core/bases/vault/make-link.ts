import { getLinkpath } from '../../metadata/linktext';
import type { LinkValue } from '../values/base-value';
import type { VaultSnapshot } from './vault-snapshot';

const WIKILINK = /^\s*!?\[\[([^\]|]*)(?:\|([^\]]*))?\]\]\s*$/;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** True when `text` is exactly one `[[wikilink]]` (or `![[embed]]`), as frontmatter links are. */
export function isWikilinkText(text: string): boolean {
  return WIKILINK.test(text);
}

/**
 * A link value from text as `link()` and frontmatter give it: `[[target|alias]]` or a bare
 * target (`Kevin Kelly`, `Notes/a#heading`), resolved from `sourcePath` like Obsidian resolves
 * links; a URL (`https://…`) stays external with no target. `display` overrides the alias.
 */
export function makeLink(snapshot: VaultSnapshot, text: string, display: string | null, sourcePath: string): LinkValue {
  const match = WIKILINK.exec(text);
  const linktext = (match?.[1] ?? text).trim();
  const alias = display ?? match?.[2] ?? null;
  if (URL_SCHEME.test(linktext)) return { kind: 'link', linktext, display: alias, target: null };
  const linkpath = getLinkpath(linktext);
  const target = linkpath === '' ? sourcePath : snapshot.resolve(linkpath, sourcePath);
  return { kind: 'link', linktext, display: alias, target };
}

/** A link to a vault file, written as Obsidian would (`Notes/Alpha` for `Notes/Alpha.md`). */
export function linkToFile(path: string, display: string | null): LinkValue {
  return { kind: 'link', linktext: path.replace(/\.md$/, ''), display, target: path };
}
