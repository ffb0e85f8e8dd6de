import * as z from 'zod';
import type { Caller, Engine } from '../../../core/engine';
import { hasScope } from '../../../core/ops/scopes';
import { basenameOf } from '../../../core/vault/paths';
import { listAllNotes } from '../resources/all-notes';
import { dateArgument, parsePromptArguments } from './prompt-arguments';
import type { PromptDefinition } from './prompt-definition';
import { toCalendarDate } from '../../../core/dates/calendar-date';
import { userMessage } from './user-message';

/** The folder daily notes live in (seed 000 §5: `Daily/YYYY-MM-DD.md`). */
export const DAILY_FOLDER = 'Daily';

const ARGUMENTS = z.strictObject({
  date: dateArgument('Day of the note as YYYY-MM-DD; default today (local time).'),
});

interface NoteState {
  etag: string;
  outline: { heading: string; level: number }[];
}

/**
 * `daily_note`: open or create `Daily/YYYY-MM-DD.md`. Today comes from `clock` (local date);
 * the messages say whether the note exists (with its etag and headings) and which earlier
 * daily note to link back to.
 */
export function createDailyNotePrompt(clock: () => number): PromptDefinition {
  return {
    name: 'daily_note',
    title: 'Open or create the daily note',
    description: 'Create or open the daily note Daily/YYYY-MM-DD.md (today by default), linked to the previous daily note.',
    arguments: ARGUMENTS,
    tools: ['note_exists', 'note_read', 'note_outline', 'note_list', 'note_write', 'note_patch'],
    async messages(args, engine, caller) {
      const date = parsePromptArguments('daily_note', ARGUMENTS, args).date ?? toCalendarDate(clock());
      return [userMessage(await dailyLines(engine, caller, date))];
    },
  };
}

async function dailyLines(engine: Engine, caller: Caller, date: string): Promise<string[]> {
  const path = `${DAILY_FOLDER}/${date}.md`;
  const { exists } = (await engine.call('note_exists', { path }, caller)).output as { exists: boolean };
  const previous = await previousDailyNote(engine, caller, path);
  const lines = [`Open the daily note for ${date}: ${path}.`, ''];
  lines.push(...(exists ? await existingLines(engine, caller, path) : missingLines(path, date, previous)));
  if (previous !== null) lines.push(`The previous daily note is ${previous}.`);
  if (!hasScope(caller.scopes, 'vault:write')) lines.push('Your access is read-only: show the note and suggest changes, but do not write.');
  return lines;
}

async function existingLines(engine: Engine, caller: Caller, path: string): Promise<string[]> {
  const note = (await engine.call('note_read', { path, include: ['outline'] }, caller)).output as NoteState;
  const headings = note.outline.map((heading) => `${'#'.repeat(heading.level)} ${heading.heading}`);
  return [
    `The note exists (etag ${note.etag}); its headings: ${headings.length === 0 ? 'none' : headings.join(' | ')}.`,
    'Read it with note_read, then add to it with note_patch (append_body, or insert_after_heading for a section), passing the etag as if_match.',
  ];
}

function missingLines(path: string, date: string, previous: string | null): string[] {
  const back = previous === null ? '' : ` and a link back to [[${previous.slice(0, -'.md'.length)}]]`;
  return [
    'The note does not exist yet.',
    `Create it with note_write {path: "${path}", if_not_exists: true}, with a "# ${date}" heading, sections for notes and tasks${back}.`,
  ];
}

/** The latest daily note dated before `path`, or null. */
async function previousDailyNote(engine: Engine, caller: Caller, path: string): Promise<string | null> {
  const notes = await listAllNotes(engine, caller, `${DAILY_FOLDER}/*.md`);
  const earlier = notes.map((note) => note.path).filter((candidate) => /^\d{4}-\d{2}-\d{2}$/.test(basenameOf(candidate)) && candidate < path);
  return earlier.at(-1) ?? null;
}
