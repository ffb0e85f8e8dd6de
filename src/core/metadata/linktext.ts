/** A link text split into the file part and the `#heading` / `#^block` part. */
export interface Linktext {
  path: string;
  subpath: string;
}

/**
 * Splits a link text at its first `#`, as Obsidian's `parseLinktext`: `a#h#s` gives path "a"
 * and subpath "#h#s" (the subpath keeps its `#`); `#h` gives an empty path (the note itself).
 */
export function parseLinktext(linktext: string): Linktext {
  const hash = linktext.indexOf('#');
  if (hash === -1) return { path: linktext, subpath: '' };
  return { path: linktext.slice(0, hash), subpath: linktext.slice(hash) };
}

/** The file part of a link text (Obsidian's `getLinkpath`): everything before the first `#`. */
export function getLinkpath(linktext: string): string {
  return parseLinktext(linktext).path;
}
