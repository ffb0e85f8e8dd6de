import { IndxError } from '../../core/errors';

/** A parsed `If-Match` header: `*` (any current version) or the entity tags listed, weakness dropped. */
export type IfMatchCondition = '*' | string[];

// RFC 9110 §8.8.3: entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE, etagc = %x21 / %x23-7E / obs-text.
// Unquoted tags are accepted too (clients that send the bare etag from a JSON body).
const QUOTED = String.raw`(?:W/)?"[\x21\x23-\x7E\x80-\xFF]*"`;
const BARE = String.raw`(?:W/)?[\x21\x23-\x2B\x2D-\x7E\x80-\xFF]+`;
const ITEM = `(?:${QUOTED}|${BARE})`;
const LIST = new RegExp(String.raw`^[ \t]*${ITEM}(?:[ \t]*,[ \t]*${ITEM})*[ \t]*,?[ \t]*$`);
const ITEMS = new RegExp(String.raw`(?:W/)?(?:"([^"]*)"|([^ \t,"]+))`, 'g');

/**
 * Reads an `If-Match` header: null when absent, `*`, or the listed entity tags with quotes and
 * the weak prefix `W/` removed (`W/"abc", def` → `['abc', 'def']`). Throws `invalid_input` only
 * for a header that is not an entity-tag list at all; a well-formed tag that cannot match is
 * for the precondition check to refuse with 412.
 */
export function readIfMatch(header: string | undefined): IfMatchCondition | null {
  if (header === undefined) return null;
  if (header.trim() === '*') return '*';
  if (!LIST.test(header)) {
    throw new IndxError('invalid_input', 'If-Match must be "*" or a comma-separated list of ETags, e.g. If-Match: "0123456789abcdef" (the ETag header of the last read).', { if_match: header });
  }
  return [...header.matchAll(ITEMS)].map((match) => match[1] ?? match[2] ?? '');
}
