import * as z from 'zod';
import type { Caller, Engine } from '../../../core/engine';
import { listAllNotes, type NoteSummary } from '../resources/all-notes';
import { sortNewestFirst } from '../resources/recent-notes';
import { addDays, isoWeekLabel, mondayOf, startOfDay, toCalendarDate } from '../../../core/dates/calendar-date';
import { dateArgument, parsePromptArguments } from './prompt-arguments';
import type { PromptDefinition } from './prompt-definition';
import { plural } from './plural';
import { userMessage } from './user-message';

/** The folder weekly reviews are written to, as `Reviews/YYYY-Www.md`. */
export const REVIEW_FOLDER = 'Reviews';
const SHOWN = 100;

const ARGUMENTS = z.strictObject({
  week_of: dateArgument('Any day of the week to review, as YYYY-MM-DD; default today. The review covers that ISO week, Monday to Sunday (local time).'),
});

/** The reviewed week: its label, first and last day, and its bounds in ms. */
interface Week {
  label: string;
  first: string;
  last: string;
  start: number;
  end: number;
}

/**
 * `weekly_review`: the notes modified during one ISO week (Monday to Sunday, local time; a note
 * counts when its last modification falls in the week) and instructions to write a review note
 * to `Reviews/YYYY-Www.md`. The default week is today's, from `clock`.
 */
export function createWeeklyReviewPrompt(clock: () => number): PromptDefinition {
  return {
    name: 'weekly_review',
    title: 'Write a weekly review',
    description: 'Aggregate the notes changed during one week (today\'s by default) into a review note Reviews/YYYY-Www.md, with the changed notes listed from the vault.',
    arguments: ARGUMENTS,
    tools: ['note_list', 'note_read', 'tag_notes', 'link_backlinks', 'note_exists', 'note_write', 'note_patch'],
    async messages(args, engine, caller) {
      const day = parsePromptArguments('weekly_review', ARGUMENTS, args).week_of ?? toCalendarDate(clock());
      return [userMessage(await reviewLines(engine, caller, toWeek(day)))];
    },
  };
}

function toWeek(day: string): Week {
  const first = mondayOf(day);
  const next = addDays(first, 7);
  return { label: isoWeekLabel(day), first, last: addDays(first, 6), start: startOfDay(first), end: startOfDay(next) };
}

async function reviewLines(engine: Engine, caller: Caller, week: Week): Promise<string[]> {
  const changed = sortNewestFirst((await listAllNotes(engine, caller)).filter((note) => note.mtime >= week.start && note.mtime < week.end));
  const path = `${REVIEW_FOLDER}/${week.label}.md`;
  return [
    `Write the weekly review for ${week.label} (${week.first} to ${week.last}) into ${path}.`,
    '',
    changed.length === 0 ? 'No note was modified during that week.' : `${plural(changed.length, 'note was', 'notes were')} last modified during that week, newest first${changed.length > SHOWN ? ` (first ${SHOWN} shown)` : ''}:`,
    ...changed.slice(0, SHOWN).map(formatNote),
    '',
    'Read the notes that matter with note_read. Write the review with sections Highlights, Progress (grouped by project or tag), Open loops and Next week, linking each note you mention as [[wikilink]].',
    `Create ${path} with note_write and if_not_exists: true; if it already exists, read it and update it with note_patch passing the etag as if_match.`,
  ];
}

function formatNote(note: NoteSummary): string {
  const tags = note.tags.length === 0 ? '' : ` ${note.tags.map((tag) => `#${tag}`).join(' ')}`;
  return `- ${note.path} (${toCalendarDate(note.mtime)})${tags}`;
}
