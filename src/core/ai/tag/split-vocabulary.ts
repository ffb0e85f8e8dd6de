import { compareCodeUnits } from '../../ops/compare';
import type { TagSuggestion } from './tag-output-schema';

/** The suggested tags split by whether the vault already has them. */
export interface VocabularySplit {
  existing: string[];
  new: string[];
}

/**
 * Marks each suggested tag `is_new` against the vault's tags as they are now (lower-cased keys)
 * and lists the suggested tags, once each and sorted, as existing or new. Run again on a cached
 * result, so a tag another note took up since is no longer reported new.
 */
export function splitVocabulary(suggestions: readonly TagSuggestion[], known: ReadonlyMap<string, string>): { suggestions: TagSuggestion[]; vocabulary: VocabularySplit } {
  const marked = suggestions.map((suggestion) => ({ ...suggestion, tags: suggestion.tags.map((tag) => ({ ...tag, is_new: !known.has(tag.tag.toLowerCase()) })) }));
  const all = new Map(marked.flatMap((suggestion) => suggestion.tags).map((tag) => [tag.tag.toLowerCase(), tag]));
  const sorted = [...all.values()].sort((left, right) => compareCodeUnits(left.tag, right.tag));
  return { suggestions: marked, vocabulary: { existing: sorted.filter((tag) => !tag.is_new).map((tag) => tag.tag), new: sorted.filter((tag) => tag.is_new).map((tag) => tag.tag) } };
}
