/** A link target and the text Obsidian shows for it. */
export interface LinkText {
  link: string;
  displayText: string;
}

/**
 * Splits the inside of `[[…]]` the way Obsidian does: the alias starts after the first `|`
 * unless the `|` comes first (`[[|alias]]` links to "|alias"); `\|` (a pipe escaped in a table)
 * ends the target without its backslash. Without an alias the display text is the target with
 * a leading `#` dropped and every other `#` shown as " > " (`a#h#s` → "a > h > s").
 */
export function parseWikilinkInner(inner: string): LinkText {
  const bar = inner.indexOf('|');
  if (bar <= 0) return { link: inner, displayText: defaultDisplayText(inner) };
  const target = inner.slice(0, bar);
  const link = target.endsWith('\\') ? target.slice(0, -1) : target;
  const alias = inner.slice(bar + 1);
  return { link, displayText: alias === '' ? defaultDisplayText(link) : alias };
}

/** The display text of a link without alias. */
export function defaultDisplayText(link: string): string {
  const body = link.startsWith('#') ? link.slice(1) : link;
  return body.split('#').join(' > ');
}
