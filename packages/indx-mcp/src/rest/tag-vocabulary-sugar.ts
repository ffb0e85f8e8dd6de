import { Option } from 'commander';
import { isRecord } from './is-record';
import { toListOption, toNumberOption } from './option-values';
import type { SugarRule } from './sugar-rule';

/**
 * `indx ai tag --use-existing --max-per-note 4 --min-confidence 0.7 …` (seed 002 §11.6): each
 * shorthand sets one key of the `vocabulary` object, over what `--vocabulary <json>` gives.
 */
export const tagVocabularySugar: SugarRule = {
  applies: (_operation, fields) => fields.has('vocabulary'),
  options: () => [
    new Option('--use-existing', 'vocabulary: show the model the vault\'s existing tags as the preferred set (≡ vocabulary.use_existing; default)'),
    new Option('--no-use-existing', 'vocabulary: do not show the existing tags (≡ vocabulary.use_existing false)'),
    new Option('--allow-new', 'vocabulary: allow tags the vault does not have yet (≡ vocabulary.allow_new; default)'),
    new Option('--no-allow-new', 'vocabulary: only existing tags (or --candidates) (≡ vocabulary.allow_new false)'),
    new Option('--max-per-note <n>', 'vocabulary: most tags kept per note (≡ vocabulary.max_per_note)'),
    new Option('--min-confidence <x>', 'vocabulary: drop tags less sure than this, 0–1 (≡ vocabulary.min_confidence)'),
    new Option('--candidates <tags>', 'vocabulary: suggest only these tags, comma-separated (≡ vocabulary.candidates)'),
    new Option('--forbid <tags>', 'vocabulary: never suggest these tags nor tags below them, comma-separated (≡ vocabulary.forbid)'),
    new Option('--namespace <ns>', 'vocabulary: suggest only tags under ns/ (≡ vocabulary.namespace)'),
  ],
  apply(input, options) {
    const shorthands = vocabularyOf(options);
    if (Object.keys(shorthands).length === 0) return input;
    return { ...input, vocabulary: { ...(isRecord(input.vocabulary) ? input.vocabulary : {}), ...shorthands } };
  },
};

/** The vocabulary keys the shorthand options given set. */
function vocabularyOf(options: Record<string, unknown>): Record<string, unknown> {
  const keys: Record<string, unknown> = {
    use_existing: options.useExisting,
    allow_new: options.allowNew,
    max_per_note: options.maxPerNote === undefined ? undefined : toNumberOption('--max-per-note', options.maxPerNote),
    min_confidence: options.minConfidence === undefined ? undefined : toNumberOption('--min-confidence', options.minConfidence),
    candidates: options.candidates === undefined ? undefined : toListOption(options.candidates),
    forbid: options.forbid === undefined ? undefined : toListOption(options.forbid),
    namespace: options.namespace,
  };
  return Object.fromEntries(Object.entries(keys).filter(([, value]) => value !== undefined));
}
