import type { AiWarning } from '../ai-schemas';

/** Excluded paths listed in a globs_excluded warning (details.count has them all). */
const LISTED_EXCLUDED_LIMIT = 50;

/**
 * The `globs_excluded` warning: notes kept away from the model by the AI deny/allow globs, left
 * out of `from` (the scope, the evidence, the neighbours…) and never sent. `noun` names what they
 * were ("note", "matching note"); details list the first 50 paths and count them all.
 */
export function globsExcludedWarning(excluded: readonly string[], from: string, noun = 'note'): AiWarning {
  const count = excluded.length;
  return {
    code: 'globs_excluded',
    message: `${count} ${noun}${count === 1 ? ' was' : 's were'} left out of ${from} by the AI deny/allow globs; ${count === 1 ? 'it was' : 'they were'} not sent to the model.`,
    details: { paths: excluded.slice(0, LISTED_EXCLUDED_LIMIT), count },
  };
}
