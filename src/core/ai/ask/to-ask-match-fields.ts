import type { MatchedIn } from '../../search/service/search-types';
import { ASK_MATCH_FIELDS, type AskMatchField } from './ask-output-schema';

const FIELD_OF: Record<MatchedIn, AskMatchField> = {
  title: 'title',
  aliases: 'title',
  path: 'title',
  headings: 'body',
  body: 'body',
  semantic: 'body',
  tags: 'tags',
};

/**
 * Maps the search's match fields to the seed's coarser ones (title, aliases and path → title;
 * headings, body and semantic → body; tags → tags), without repeats, in the seed's order.
 */
export function toAskMatchFields(matched: readonly MatchedIn[]): AskMatchField[] {
  const fields = new Set(matched.map((field) => FIELD_OF[field]));
  return ASK_MATCH_FIELDS.filter((field) => fields.has(field));
}
