import { tagRejection } from './tag-rejection';
import type { TagRules } from './tag-rules';
import type { TagVocabulary } from './tag-vocabulary';

/**
 * The tags the model's reply is constrained to (the `enum` of its JSON Schema): the candidates
 * when given; under allow_new false the allowed tags of the prompt vocabulary (never a tag only
 * AI-excluded notes carry); else null (any tag).
 */
export function allowedTagEnum(rules: TagRules, vocabulary: TagVocabulary): string[] | null {
  if (rules.candidates !== null) return rules.candidates;
  if (rules.allowNew) return null;
  return vocabulary.preferred.map((entry) => entry.tag).filter((tag) => tagRejection(tag, rules, vocabulary) === null);
}
