import * as z from 'zod';
import type { Caller, Engine } from '../../../core/engine';
import { loadDailyNoteSettings, type DailyNoteSettings } from '../../../core/app-settings/daily-note-settings';
import { addDays, dateAtTimeOf, toCalendarDate } from '../../../core/dates/calendar-date';
import { dailyNotePath } from '../../../core/notes/daily-note-path';
import { hasScope } from '../../../core/ops/scopes';
import { listAllNotes } from '../resources/all-notes';
import { dateArgument, parsePromptArguments } from './prompt-arguments';
import type { PromptDefinition } from './prompt-definition';
import { userMessage } from './user-message';

/** How far back the previous daily note is looked for, in days. */
const LOOK_BACK_DAYS = 366;

const ARGUMENTS = z.strictObject({
  date: dateArgument('Day of the note as YYYY-MM-DD; default today (local time).'),
});

interface NoteState {
  etag: string;
  outline: { heading: string; level: number }[];
}

/** A daily note: its day, its path, and the settings that put it there. */
interface DailyNote {
  date: string;
  path: string;
  settings: DailyNoteSettings;
}

/**
 * `daily_note`: open or create the daily note of a day where the vault's settings put it
 * (Periodic Notes, core Daily notes, else `Daily/YYYY-MM-DD.md`, as `note_daily`). Today comes
 * from `clock` (local date); the messages say whether the note exists (with its etag and
 * headings), how to create it (`note_daily` applies the daily template), and which earlier daily
 * note, within a year, to link back to.
 */
export function createDailyNotePrompt(clock: () => number): PromptDefinition {
  return {
    name: 'daily_note',
    title: 'Open or create the daily note',
    description: "Create or open the daily note (today by default) where the vault's Daily notes settings put it (else Daily/YYYY-MM-DD.md), linked to the previous daily note.",
    arguments: ARGUMENTS,
    tools: ['note_exists', 'note_daily', 'note_read', 'note_outline', 'note_list', 'note_write', 'note_patch'],
    async messages(args, engine, caller) {
      const date = parsePromptArguments('daily_note', ARGUMENTS, args).date ?? toCalendarDate(clock());
      const settings = await loadDailyNoteSettings(engine.host);
      const note = { date, path: dailyNotePath(settings, dateAtTimeOf(date, clock())), settings };
      return [userMessage(await dailyLines(engine, caller, note))];
    },
  };
}

async function dailyLines(engine: Engine, caller: Caller, note: DailyNote): Promise<string[]> {
  const { exists } = (await engine.call('note_exists', { path: note.path }, caller)).output as { exists: boolean };
  const previous = await previousDailyNote(engine, caller, note);
  const lines = [`Open the daily note for ${note.date}: ${note.path}.`, ...settingsLines(note.settings), ''];
  lines.push(...(exists ? await existingLines(engine, caller, note.path) : missingLines(note, previous)));
  if (previous !== null) lines.push(`The previous daily note is ${previous}.`);
  if (!hasScope(caller.scopes, 'vault:write')) lines.push('Your access is read-only: show the note and suggest changes, but do not write.');
  return lines;
}

function settingsLines(settings: DailyNoteSettings): string[] {
  if (settings.source === 'default') return [];
  const plugin = settings.source === 'periodic-notes' ? 'Periodic Notes' : 'Daily notes';
  const folder = settings.folder === '' ? 'the vault root' : `folder "${settings.folder}"`;
  return [`Its place follows the vault's ${plugin} settings: ${folder}, format "${settings.format}"${settings.template === '' ? '' : `, template "${settings.template}"`}.`];
}

async function existingLines(engine: Engine, caller: Caller, path: string): Promise<string[]> {
  const note = (await engine.call('note_read', { path, include: ['outline'] }, caller)).output as NoteState;
  const headings = note.outline.map((heading) => `${'#'.repeat(heading.level)} ${heading.heading}`);
  return [
    `The note exists (etag ${note.etag}); its headings: ${headings.length === 0 ? 'none' : headings.join(' | ')}.`,
    'Read it with note_read, then add to it with note_patch (append_body, or insert_after_heading for a section), passing the etag as if_match.',
  ];
}

function missingLines(note: DailyNote, previous: string | null): string[] {
  const link = previous === null ? null : `[[${previous.slice(0, -'.md'.length)}]]`;
  if (note.settings.template !== '') {
    const back = link === null ? '' : `, and add a link back to ${link} with note_patch`;
    return ['The note does not exist yet.', `Create it with note_daily {date: "${note.date}"}: it starts from the daily note template${back}.`];
  }
  const back = link === null ? '' : ` and a link back to ${link}`;
  return [
    'The note does not exist yet.',
    `Create it with note_write {path: "${note.path}", if_not_exists: true}, with a "# ${note.date}" heading, sections for notes and tasks${back}.`,
  ];
}

/** The latest daily note of the year before the note's day, or null. */
async function previousDailyNote(engine: Engine, caller: Caller, note: DailyNote): Promise<string | null> {
  const glob = note.settings.folder === '' ? undefined : `${escapeGlob(note.settings.folder)}/**`;
  const notes = new Set((await listAllNotes(engine, caller, glob)).map((summary) => summary.path));
  for (let back = 1; back <= LOOK_BACK_DAYS; back += 1) {
    const candidate = dailyNotePath(note.settings, dateAtTimeOf(addDays(note.date, -back), 0));
    if (notes.has(candidate)) return candidate;
  }
  return null;
}

/** A folder name as a glob that matches it literally. */
function escapeGlob(text: string): string {
  return text.replace(/[\\*?[\]{}!]/g, '\\$&');
}
