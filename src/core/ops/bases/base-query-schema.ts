import * as z from 'zod';
import { cursorField, etagField, limitField, nextCursorField } from '../schemas';

const jsonValue = z.unknown().describe('A value: text, number, boolean, null, a list, an object; dates as "YYYY-MM-DD" or ISO 8601 in UTC, links as "[[target]]", files as their path, durations in milliseconds.');

/** Input of `base_query`. */
export const baseQueryInput = z.object({
  path: z.string().min(1).describe('Path of the .base file, e.g. "Bases/Books.base" (.base added if missing).'),
  view: z.string().optional().describe('View name; default the first view.'),
  this_path: z.string().min(1).optional().describe('Path of the note embedding the base, which `this` stands for; default the .base file.'),
  limit: limitField(100, 1000),
  cursor: cursorField,
});

const rowSchema = z.object({
  path: z.string().describe('Vault path of the file this row is.'),
  values: z.record(z.string(), jsonValue).describe('Column id (file.name, note.year, formula.total) → value.'),
  formulas: z.record(z.string(), jsonValue).describe("Every formula of the base → its value for this row."),
  group: jsonValue.optional().describe('The group-by value of this row, when the view is grouped.'),
});

/** Output of `base_query`. */
export const baseQueryOutput = z.object({
  path: z.string().describe('Vault path of the .base file.'),
  etag: etagField,
  view: z.object({ name: z.string().describe('View name.'), type: z.string().describe('Layout: table, cards, list, map...') }).describe('The view that ran.'),
  views: z.array(z.string()).describe('Names of all views of the base, in order.'),
  this_path: z.string().describe('The file `this` stood for.'),
  time_zone: z.literal('UTC').describe('The time zone dates were evaluated in: always UTC, so today() is the UTC date, date fields (.hour, .day) and format() read UTC, and date-only values sit at midnight UTC.'),
  columns: z.array(z.object({ id: z.string().describe('Property id, e.g. note.year.'), name: z.string().describe('Column header: the displayName, else the default label.') })).describe('The columns of the view (its order list), in order.'),
  rows: z.array(rowSchema).describe('This page of rows, sorted and grouped as the view says.'),
  total: z.number().int().describe("Rows the view shows (matching rows cut to the view's limit); pages cover these."),
  matched: z.number().int().describe("Rows matching the filters before the view's limit."),
  next_cursor: nextCursorField,
  groups: z.array(z.object({ key: jsonValue, count: z.number().int().describe('Rows in the group.') })).nullable().describe('Groups in order with their sizes, when the view has groupBy; else null.'),
  summaries: z.record(z.string(), jsonValue).nullable().describe('Column id → summary value, when the view defines summaries; else null.'),
  problems: z.object({
    count: z.number().int().describe('How many row evaluations failed (such a row fails its filter; such a cell is null).'),
    listed: z.array(z.object({ path: z.string().describe('File of the row.'), where: z.string().describe('The filter, column or formula.'), message: z.string().describe('What went wrong.') })).describe('The first failures.'),
  }).describe('Evaluation failures of single rows, as Obsidian shows errors in cells.'),
});
