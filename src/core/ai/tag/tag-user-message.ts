import type { TagRules } from './tag-rules';
import type { VocabularyEntry } from './tag-vocabulary';

/** What the request part of an ai_tag prompt says, besides the notes. */
export interface TagRequestParts {
  rules: TagRules;
  /** The existing tags to prefer (already filtered by the rules), most used first. */
  vocabulary: readonly VocabularyEntry[];
  noteCount: number;
}

/**
 * The request written before the notes of one ai_tag model call: how many tags per note, the
 * vault's existing tags to prefer (the vocabulary bias of seed 002 §5.5) and the caller's
 * restrictions (candidates, namespace, forbidden tags, no new tags).
 */
export function createTagRequest(parts: TagRequestParts): string {
  const { rules } = parts;
  const lines = [`Suggest tags for each of the ${parts.noteCount} note${parts.noteCount === 1 ? '' : 's'} below: at most ${rules.maxPerNote} per note, best first.`];
  if (rules.candidates !== null) lines.push(`Choose only from these tags: ${rules.candidates.join(', ')}.`);
  else if (parts.vocabulary.length > 0) lines.push(`Tags this vault already uses (notes carrying each), most used first. Prefer them to new tags with the same meaning: ${parts.vocabulary.map((entry) => `${entry.tag} (${entry.notes})`).join(', ')}.`);
  if (rules.candidates === null && !rules.allowNew) lines.push('Use only tags from that list; do not invent new ones.');
  if (rules.namespace !== null) lines.push(`Only suggest tags nested under "${rules.namespace}/" (e.g. ${rules.namespace}/topic).`);
  if (rules.forbid.length > 0) lines.push(`Never suggest these tags, nor tags nested below them: ${rules.forbid.join(', ')}.`);
  return lines.join('\n');
}
