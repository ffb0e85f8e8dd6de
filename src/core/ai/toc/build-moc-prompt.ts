import { estimateTokens } from '../runtime/estimate-tokens';
import { renderNoteForPrompt } from '../prompt/render-note';
import { renderOutlineForPrompt } from '../prompt/render-outline';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import type { MocGroup } from './moc-group';

/** What goes into the MOC prompt. */
export interface MocPromptParts {
  notes: readonly NoteSnapshot[];
  /** The groups to title; null: the model clusters the notes itself. */
  groups: readonly MocGroup[] | null;
  maxGroups: number;
  /** Whether the notes' text is needed (topic clustering or summaries), else only their outlines. */
  withText: boolean;
  /** Tokens the whole user message may take. */
  budget: number;
}

/** The most tokens of one note's text in a MOC prompt. */
const MAX_NOTE_TOKENS = 2000;
/** The fewest tokens a note is given, even when that overruns the budget (the call then fails as too large). */
const MIN_NOTE_TOKENS = 60;
const HEADINGS_LISTED = 12;

/**
 * The user message of a MOC call: the groups to title (their keys and notes) or the clustering
 * task, then the notes, numbered line by line (`renderNoteForPrompt`, each cut to an equal share
 * of the budget) when their text is needed, else only their heading lines (the first 12 of each),
 * in the same `<note>` tags.
 */
export function buildMocPrompt(parts: MocPromptParts): string {
  if (!parts.withText) return `${taskOf(parts)}\n\nNotes (only their heading lines):\n` + parts.notes.map((note) => renderOutlineForPrompt(note, HEADINGS_LISTED)).join('\n\n');
  const head = `${taskOf(parts)}\n\nNotes:\n`;
  const share = Math.floor((parts.budget - estimateTokens(head)) / Math.max(1, parts.notes.length));
  const perNote = Math.min(MAX_NOTE_TOKENS, Math.max(MIN_NOTE_TOKENS, share));
  return head + parts.notes.map((note) => renderNoteForPrompt(note, { maxTokens: perNote })).join('\n\n');
}

function taskOf(parts: MocPromptParts): string {
  if (parts.groups === null) return `Cluster these notes into at most ${parts.maxGroups} topics.`;
  if (parts.groups.length === 0) return 'There are no groups to title: answer with an empty "groups" list.';
  return `Groups to title (key, then its notes):\n${parts.groups.map(describeGroup).join('\n')}`;
}

function describeGroup(group: MocGroup): string {
  return `- key ${JSON.stringify(group.key)}: ${group.paths.join('; ')}`;
}
