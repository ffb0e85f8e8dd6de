import { aiCallFields, citeField, ifMatchMapField, ifMatchModeField, languageField, maxTokensField } from '../ai-schemas';

/**
 * The input fields ai_tag, ai_metadata and ai_extract share after their own: the per-note
 * preconditions of an apply, then the generation and delivery options every AI call takes.
 */
export const applyInputFields = {
  if_match: ifMatchMapField,
  if_match_mode: ifMatchModeField,
  language: languageField,
  max_tokens: maxTokensField,
  cite: citeField,
  ...aiCallFields,
};
