import * as z from 'zod';
import { loadDailyNoteSettings } from '../../app-settings/daily-note-settings';
import { addDays, dateAtTimeOf, isCalendarDate, toCalendarDate } from '../../dates/calendar-date';
import { IndxError, isIndxError } from '../../errors';
import { createNote } from '../../notes/create-note';
import { dailyNotePath } from '../../notes/daily-note-path';
import { bodyOf } from '../../notes/split-body';
import { parseMetadata } from '../../metadata/parse-metadata';
import { dailyNoteText } from '../../templates/daily-note-text';
import { defineOperation } from '../operation';
import type { OperationContext } from '../operation-context';
import { renderNote } from '../render/render-note';
import { etagField, frontmatterField } from '../schemas';

/**
 * `note_daily`: the daily note of a day where the vault's own settings put it (Periodic Notes,
 * else core Daily notes, else `Daily/YYYY-MM-DD.md`), created from their template when missing.
 * Reading needs only `vault:read`; a call that may create (`create`, the default) needs write.
 */
export const noteDaily = defineOperation({
  name: 'note_daily',
  title: 'Daily note',
  description: "Today's (or date's) daily note, where the vault's Daily notes settings put it; created from their template if missing.",
  input: z.object({
    date: z.string().optional().describe('YYYY-MM-DD; default today.'),
    offset: z.number().int().min(-36_500).max(36_500).default(0).describe('Days to add; -1: the day before.'),
    create: z.boolean().default(true).describe('Create if missing (needs write); false only reads.'),
  }),
  output: z.object({
    path: z.string().describe('Vault path of the daily note.'),
    date: z.string().describe('Its day, YYYY-MM-DD.'),
    created: z.boolean().describe('True when this call created it.'),
    etag: etagField,
    frontmatter: frontmatterField,
    body: z.string().describe('Markdown after the frontmatter block.'),
  }),
  scope: 'vault:read',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  writesWhen: (input) => input.create,
  http: { method: 'POST', path: '/v1/daily' },
  cli: ['note', 'daily'],
  async run(input, context) {
    const date = addDays(startDate(input.date, context.clock), input.offset);
    const settings = await loadDailyNoteSettings(context.host);
    const day = dateAtTimeOf(date, context.clock());
    const path = dailyNotePath(settings, day);
    if (context.host.stat(path) !== null) return readDailyNote(context, path, date);
    if (!input.create) throw new IndxError('not_found', `There is no daily note for ${date} ("${path}"). Call note_daily with create: true to create it.`, { path, date });
    const text = await dailyNoteText(context.host, settings, path, day);
    try {
      const note = await createNote(context, 'note_daily', path, text);
      return { path, date, created: true, etag: note.etag, frontmatter: note.frontmatter, body: note.body };
    } catch (error: unknown) {
      // Someone created it meanwhile (the app, another agent): theirs is the day's note.
      if (isIndxError(error, 'already_exists') && context.host.stat(path) !== null) return readDailyNote(context, path, date);
      throw error;
    }
  },
  summarize: (output) => `${output.created ? 'Created' : 'Read'} the daily note ${output.path} for ${output.date} (etag ${output.etag}).`,
  render: renderNote,
});

function startDate(date: string | undefined, clock: () => number): string {
  if (date === undefined) return toCalendarDate(clock());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !isCalendarDate(date)) throw new IndxError('invalid_input', `"${date}" is not a day as YYYY-MM-DD. Pass a date such as 2026-11-21.`, { field: 'date', date });
  return date;
}

async function readDailyNote(context: OperationContext, path: string, date: string) {
  const text = await context.host.read(path);
  const cache = parseMetadata(text);
  return { path, date, created: false, etag: context.etag(text), frontmatter: cache.frontmatter ?? null, body: bodyOf(text, cache) };
}
