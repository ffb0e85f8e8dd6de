import { formatDate } from '../dates/format-date';
import { shiftDate, type DateUnit } from '../dates/shift-date';

/** What a template's variables stand for. */
export interface TemplateValues {
  /** `{{title}}`: the new note's name without `.md`. */
  title: string;
  /** The instant `{{date}}` and `{{time}}` write: now, or a daily note's day at the current time. */
  date: Date;
  /** The format of `{{date}}` without one of its own. */
  dateFormat: string;
  /** The format of `{{time}}` without one of its own. */
  timeFormat: string;
  /**
   * A daily note's template, which the app's Daily notes also expands with offsets
   * (`{{date+1d:YYYY-MM-DD}}`; units y q M w d h m s), `{{yesterday}}` and `{{tomorrow}}`.
   */
  daily?: boolean;
}

/** `{{name}}`, `{{name:FORMAT}}`, `{{name+1d}}`, `{{name-2w:FORMAT}}`; names in any case, spaces allowed around the parts. */
const VARIABLE = /{{\s*(title|date|time|yesterday|tomorrow)\s*(?:([+-]\d{1,6})([yqmwdhs]))?\s*(?::(.+?))?}}/gi;

/**
 * A template's text with its variables replaced, as the app's Templates plugin writes them:
 * `{{title}}`, `{{date}}`, `{{time}}`, and `{{date:FORMAT}}` / `{{time:FORMAT}}` with a moment.js
 * format (see `formatDate`). Variables are replaced in one pass, so a value is never expanded
 * again; anything else, and a variable this template kind does not know, stays as written.
 */
export function expandTemplate(text: string, values: TemplateValues): string {
  return text.replace(VARIABLE, (match: string, name: string, amount: string | undefined, unit: string | undefined, format: string | undefined) => expandVariable(name.toLowerCase(), amount, unit, format, values) ?? match);
}

function expandVariable(name: string, amount: string | undefined, unit: string | undefined, format: string | undefined, values: TemplateValues): string | null {
  const plain = amount === undefined && format === undefined;
  if (name === 'title') return plain ? values.title : null;
  if (name === 'yesterday' || name === 'tomorrow') return plain && values.daily === true ? formatDate(shiftDate(values.date, name === 'yesterday' ? -1 : 1, 'd'), values.dateFormat) : null;
  if (amount !== undefined && values.daily !== true) return null;
  const date = amount === undefined || unit === undefined ? values.date : shiftDate(values.date, Number(amount), toUnit(unit));
  const own = format?.trim() ?? '';
  return formatDate(date, own !== '' ? own : name === 'date' ? values.dateFormat : values.timeFormat);
}

/** moment's unit letters: `M` months and `m` minutes; the others in either case. */
function toUnit(letter: string): DateUnit {
  return letter === 'M' ? 'M' : (letter.toLowerCase() as DateUnit);
}
