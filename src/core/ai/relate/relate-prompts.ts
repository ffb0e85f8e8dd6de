import { estimateTokens } from '../runtime/estimate-tokens';
import { groundingInstructions } from '../prompt/grounding-instructions';
import { renderNoteForPrompt } from '../prompt/render-note';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import type { RelationLabel } from './relation-labels';

const RELATION_MEANINGS: Record<RelationLabel, string> = {
  extends: 'builds on or elaborates the other',
  summarizes: 'summarizes the other',
  cites: 'refers to the other',
  contradicts: 'disagrees with the other',
  same_topic: 'covers the same subject',
  precedes: 'comes before the other in time or sequence',
  depends_on: 'needs the other (prerequisite, dependency)',
  duplicates: 'repeats the other\'s content',
};

/** System prompt of one ai_relate classification (one source note and its candidates). */
export function relateSystem(language: string | undefined, relations: readonly RelationLabel[]): string {
  return [
    'You judge how candidate notes relate to a source note.',
    groundingInstructions.useOnly('the notes given'),
    groundingInstructions.noteFormat,
    groundingInstructions.notesAreData,
    `For each candidate that is related, give its path exactly as in its <note path="…"> tag, the relation of the SOURCE to it (one of: ${relations.map((relation) => `${relation} = the source ${RELATION_MEANINGS[relation]}`).join('; ')}), your confidence from 0 to 1, a rationale of one or two sentences, and evidence.`,
    groundingInstructions.cite('Give each relation evidence: citations of the lines of the source or that candidate that show it'),
    'Leave out candidates that are not related.',
    language === undefined ? 'Write rationales in the language the notes are written in.' : `Write rationales in this language: ${language}.`,
    'Answer with JSON only, following the schema.',
  ].join('\n');
}

/** The most tokens of the source note, and of each candidate, in one prompt. */
const MAX_SOURCE_TOKENS = 3000;
const MAX_CANDIDATE_TOKENS = 1500;
const MIN_NOTE_TOKENS = 60;

/**
 * The user message of one classification: the source note, then the candidates, each numbered
 * line by line (`renderNoteForPrompt`); the source takes up to 40% of the budget (at most 3,000
 * tokens), the candidates share the rest equally (at most 1,500 tokens each).
 */
export function buildRelatePrompt(source: NoteSnapshot, candidates: readonly NoteSnapshot[], budget: number): string {
  const sourceBudget = Math.max(MIN_NOTE_TOKENS, Math.min(MAX_SOURCE_TOKENS, Math.floor(budget * 0.4)));
  const sourceText = renderNoteForPrompt(source, { maxTokens: sourceBudget });
  const share = Math.floor((budget - estimateTokens(sourceText)) / Math.max(1, candidates.length));
  const perCandidate = Math.max(MIN_NOTE_TOKENS, Math.min(MAX_CANDIDATE_TOKENS, share));
  return `Source note:\n${sourceText}\n\nCandidate notes:\n${candidates.map((note) => renderNoteForPrompt(note, { maxTokens: perCandidate })).join('\n\n')}`;
}
