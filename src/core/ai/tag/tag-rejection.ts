import { isValidTagName } from '../../tags/tag-name';
import type { TagRules } from './tag-rules';
import type { TagVocabulary } from './tag-vocabulary';

/** Why a tag (already canonical) breaks the rules, or null when it is allowed. */
export function tagRejection(tag: string, rules: TagRules, vocabulary: TagVocabulary): TagRejection | null {
  const lower = tag.toLowerCase();
  if (!isValidTagName(tag)) return 'invalid_characters';
  if (rules.namespace !== null && !lower.startsWith(`${rules.namespace.toLowerCase()}/`)) return 'outside_namespace';
  if (rules.forbid.some((forbidden) => lower === forbidden || lower.startsWith(`${forbidden}/`))) return 'forbidden';
  if (rules.candidates !== null && !rules.candidates.some((candidate) => candidate.toLowerCase() === lower)) return 'not_a_candidate';
  if (!rules.allowNew && !vocabulary.known.has(lower)) return 'new_tag_not_allowed';
  return null;
}

/** Why a proposed tag was refused (reported in tag_invalid warnings). */
export type TagRejection = 'invalid_characters' | 'outside_namespace' | 'forbidden' | 'not_a_candidate' | 'new_tag_not_allowed';
