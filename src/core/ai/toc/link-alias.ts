const WIKILINK = /\[\[([^\]|]*)(?:\|([^\]]*))?\]\]/g;

/**
 * The text shown for a heading link (`[[Note#Heading|<this>]]`): the heading as read, with its
 * own wikilinks reduced to what they display (`[[a|b]]` to `b`, `[[a]]` to `a`), and the
 * characters that would end the link early (`|`, `[[`, `]]`) replaced by spaces.
 */
export function toLinkAlias(heading: string): string {
  const shown = heading.replace(WIKILINK, (_whole, target: string, alias: string | undefined) => alias ?? target);
  return shown.replace(/\||\[\[|\]\]/g, ' ').replace(/\s+/g, ' ').trim();
}
