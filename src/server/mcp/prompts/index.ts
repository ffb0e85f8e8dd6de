import { cleanupUnresolvedLinksPrompt } from './cleanup-unresolved-links';
import { createDailyNotePrompt } from './daily-note';
import { linkOrphansPrompt } from './link-orphans';
import type { PromptDefinition } from './prompt-definition';
import { vaultSummaryPrompt } from './vault-summary';
import { createWeeklyReviewPrompt } from './weekly-review';

export type { PromptDefinition, PromptMessage } from './prompt-definition';

/** What prompts need from outside: the clock that says what "today" is. */
export interface PromptOptions {
  clock?: () => number;
}

/** The prompts of seed 000 §5, with "today" read from `clock` (default `Date.now`). */
export function createPrompts(options: PromptOptions = {}): PromptDefinition[] {
  const clock = options.clock ?? Date.now;
  return [vaultSummaryPrompt, createDailyNotePrompt(clock), linkOrphansPrompt, cleanupUnresolvedLinksPrompt, createWeeklyReviewPrompt(clock)];
}

/** Every prompt indx ships, on the real clock. */
export const PROMPTS: PromptDefinition[] = createPrompts();
