// Obsidian's stripHeadingForLink (obsidian.d.ts: `stripHeadingForLink('foo:#|^\\\r\n%%[[]]bar')`
// gives 'foo bar'): the characters that break a link subpath become spaces, runs of
// whitespace collapse to one, and the ends are trimmed.
const BREAKS_LINK = /[:#|^\\\r\n]|%%|\[\[|\]\]/g;

/**
 * The subpath Obsidian writes when linking to a heading (`[[Note#<this>]]`), as its
 * `stripHeadingForLink` makes it: `: # | ^ \`, line breaks, `%%`, `[[` and `]]` replaced by
 * spaces, whitespace collapsed, ends trimmed. `Plan: [[Alpha]] #x` gives `Plan Alpha x`.
 */
export function toHeadingLinkText(heading: string): string {
  return heading.replace(BREAKS_LINK, ' ').replace(/\s+/g, ' ').trim();
}
