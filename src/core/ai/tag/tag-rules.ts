import { IndxError } from '../../errors';
import { isValidTagName, normalizeTag } from '../../tags/tag-name';
import { allowedTagEnum } from './allowed-tag-enum';
import { tagRejection } from './tag-rejection';
import { DEFAULT_MAX_PER_NOTE, DEFAULT_MIN_CONFIDENCE, type AiTagInput } from './tag-input-schema';
import { toCanonicalTag } from './to-canonical-tag';
import type { TagVocabulary } from './tag-vocabulary';

/** The vocabulary options of one ai_tag call, normalised, with their defaults. */
export interface TagRules {
  useExisting: boolean;
  allowNew: boolean;
  /** The only tags allowed (canonical casing), or null for any. */
  candidates: string[] | null;
  /** Forbidden tags, lower-cased (tags nested below them are forbidden too). */
  forbid: string[];
  /** The namespace suggestions must stay under (canonical casing, no trailing /), or null. */
  namespace: string | null;
  maxPerNote: number;
  minConfidence: number;
}

/**
 * Normalises an ai_tag call's vocabulary options against the vault's tags. Throws
 * `invalid_input` for a candidate or namespace that is not a valid tag, and when the options
 * leave no tag to suggest (every candidate forbidden or outside the namespace, or allow_new false
 * in a vault without tags).
 */
export function createTagRules(options: AiTagInput['vocabulary'], vocabulary: TagVocabulary): TagRules {
  const namespace = options?.namespace === undefined ? null : validNamespace(options.namespace, vocabulary);
  const rules: TagRules = {
    useExisting: options?.use_existing ?? true,
    allowNew: options?.allow_new ?? true,
    candidates: null,
    forbid: (options?.forbid ?? []).map((tag) => normalizeTag(tag).toLowerCase()),
    namespace,
    maxPerNote: options?.max_per_note ?? DEFAULT_MAX_PER_NOTE,
    minConfidence: options?.min_confidence ?? DEFAULT_MIN_CONFIDENCE,
  };
  if (options?.candidates !== undefined) rules.candidates = usableCandidates(options.candidates, rules, vocabulary);
  if (!rules.allowNew && rules.candidates === null && allowedTagEnum(rules, vocabulary)?.length === 0) {
    throw new IndxError('invalid_input', 'allow_new is false, but the vault has no existing tag (in notes the AI globs allow) that the other vocabulary options allow, so there is nothing to suggest. Allow new tags or pass candidates.', { allow_new: false });
  }
  return rules;
}

function validNamespace(namespace: string, vocabulary: TagVocabulary): string {
  const canonical = toCanonicalTag(namespace.replace(/\/+\s*$/, ''), vocabulary.known);
  if (isValidTagName(canonical)) return canonical;
  throw new IndxError('invalid_input', `The namespace "${namespace}" is not a valid tag: use letters, digits, _, - and / (for nesting), no spaces, not only digits.`, { namespace });
}

function usableCandidates(candidates: readonly string[], rules: TagRules, vocabulary: TagVocabulary): string[] {
  const canonical = [...new Map(candidates.map((candidate) => toCanonicalTag(candidate, vocabulary.known)).map((tag) => [tag.toLowerCase(), tag])).values()];
  const invalid = canonical.filter((tag) => !isValidTagName(tag));
  if (invalid.length > 0) {
    throw new IndxError('invalid_input', `These candidates are not valid tags: ${invalid.join(', ')}. Tags use letters, digits, _, - and / (for nesting), no spaces, and not only digits.`, { invalid });
  }
  const usable = canonical.filter((tag) => tagRejection(tag, { ...rules, candidates: null }, vocabulary) === null);
  if (usable.length === 0) {
    throw new IndxError('invalid_input', 'No candidate is left once forbid, namespace and allow_new are applied, so there is nothing to suggest. Check the vocabulary options.', { candidates: canonical });
  }
  return usable;
}
