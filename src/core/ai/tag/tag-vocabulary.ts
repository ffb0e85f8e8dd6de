import { getAllTags } from '../../metadata/tags';
import { buildTagIndex } from '../../notes/tag-index';
import { compareCodeUnits } from '../../ops/compare';
import type { OperationContext } from '../../ops/operation-context';
import { extensionOf } from '../../vault/paths';
import { isAiAllowed } from '../scope/ai-path-filter';

/** The most existing tags shown to the model. */
export const VOCABULARY_PROMPT_LIMIT = 300;

/** A tag of the vault and how many notes carry it. */
export interface VocabularyEntry {
  tag: string;
  notes: number;
}

/** The vault's tags as ai_tag uses them. */
export interface TagVocabulary {
  /** Every tag of the vault (and each parent of a nested one), lower-cased → its canonical casing. */
  known: ReadonlyMap<string, string>;
  /**
   * The tags of notes the AI globs allow, most used first (ties alphabetical), at most
   * {@link VOCABULARY_PROMPT_LIMIT}: the list the model is shown.
   */
  preferred: VocabularyEntry[];
}

/**
 * Loads the vault's tag vocabulary: all tags for canonical casing and `is_new` (Obsidian merges
 * tags case-insensitively and shows the first casing seen, notes in path order), and the most
 * used tags of AI-allowed notes for the prompt.
 */
export function loadTagVocabulary(context: OperationContext): TagVocabulary {
  const known = new Map(buildTagIndex(context.host).map((entry) => [entry.tag.toLowerCase(), entry.tag]));
  return { known, preferred: preferredTags(context, known) };
}

// Security: a tag used only in notes the AI deny globs cover is a piece of their content, so it
// never reaches the prompt.
function preferredTags(context: OperationContext, known: ReadonlyMap<string, string>): VocabularyEntry[] {
  const counts = new Map<string, Set<string>>();
  for (const path of allowedNotes(context)) {
    for (const written of getAllTags(context.host.getMetadata(path) ?? {}) ?? []) {
      const key = written.replace(/^#/, '').toLowerCase();
      counts.set(key, (counts.get(key) ?? new Set()).add(path));
    }
  }
  const entries = [...counts].map(([key, notes]) => ({ tag: known.get(key) ?? key, notes: notes.size }));
  return entries.sort((left, right) => right.notes - left.notes || compareCodeUnits(left.tag.toLowerCase(), right.tag.toLowerCase())).slice(0, VOCABULARY_PROMPT_LIMIT);
}

function allowedNotes(context: OperationContext): string[] {
  return context.host
    .listFiles()
    .map((file) => file.path)
    .filter((path) => extensionOf(path) === 'md' && isAiAllowed(context.ai.settings, path));
}
