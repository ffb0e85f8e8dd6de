import { compareCodeUnits } from '../../ops/compare';
import type { AiWarning } from '../ai-schemas';
import type { ProposedTag } from './model-tag-reply';
import { tagRejection } from './tag-rejection';
import type { TagRules } from './tag-rules';
import type { TagVocabulary } from './tag-vocabulary';
import { toCanonicalTag } from './to-canonical-tag';

/** A proposed tag that passed the rules and the threshold, not yet grounded. */
export interface ScreenedTag extends ProposedTag {
  is_new: boolean;
}

/** What screening one note's proposals gives. */
export interface ScreenedTags {
  tags: ScreenedTag[];
  warnings: AiWarning[];
}

/**
 * Screens the tags the model proposed for one note (seed 002 §5.5): each is put in the vault's
 * form (`toCanonicalTag`); one that is not a valid Obsidian tag or breaks the call's vocabulary
 * rules is dropped with one `tag_invalid` warning for the note, one under `min_confidence` with
 * one `tag_below_threshold` warning. Duplicates (case-insensitive) keep their most confident
 * copy; the rest come sorted by confidence, then tag.
 */
export function screenProposedTags(path: string, proposed: readonly ProposedTag[], rules: TagRules, vocabulary: TagVocabulary): ScreenedTags {
  const invalid: { tag: string; reason: string }[] = [];
  const below: { tag: string; confidence: number }[] = [];
  const kept = new Map<string, ScreenedTag>();
  for (const proposal of proposed) {
    const tag = toCanonicalTag(proposal.tag, vocabulary.known);
    const rejection = tagRejection(tag, rules, vocabulary);
    if (rejection !== null) invalid.push({ tag: proposal.tag, reason: rejection });
    else if (proposal.confidence < rules.minConfidence) below.push({ tag, confidence: proposal.confidence });
    else keepBest(kept, { ...proposal, tag, is_new: !vocabulary.known.has(tag.toLowerCase()) });
  }
  const tags = [...kept.values()].sort((left, right) => right.confidence - left.confidence || compareCodeUnits(left.tag, right.tag));
  return { tags, warnings: [...invalidWarning(path, invalid), ...belowWarning(path, below, rules.minConfidence)] };
}

function keepBest(kept: Map<string, ScreenedTag>, tag: ScreenedTag): void {
  const key = tag.tag.toLowerCase();
  const known = kept.get(key);
  if (known === undefined || tag.confidence > known.confidence) kept.set(key, tag);
}

function invalidWarning(path: string, invalid: readonly { tag: string; reason: string }[]): AiWarning[] {
  if (invalid.length === 0) return [];
  const list = invalid.map((entry) => `"${entry.tag}" (${entry.reason.replace(/_/g, ' ')})`).join(', ');
  return [{ code: 'tag_invalid', path, message: `Dropped ${invalid.length} proposed tag${invalid.length === 1 ? '' : 's'} for "${path}" that Obsidian would not read as one tag or that the vocabulary options rule out: ${list}.`, details: { tags: invalid } }];
}

function belowWarning(path: string, below: readonly { tag: string; confidence: number }[], minConfidence: number): AiWarning[] {
  if (below.length === 0) return [];
  const list = below.map((entry) => `${entry.tag} (${entry.confidence})`).join(', ');
  return [{ code: 'tag_below_threshold', path, message: `Dropped ${below.length} tag${below.length === 1 ? '' : 's'} for "${path}" scored under min_confidence ${minConfidence}: ${list}.`, details: { tags: below, min_confidence: minConfidence } }];
}
