import type { DailyNoteSettings } from '../app-settings/daily-note-settings';
import { formatDate } from '../dates/format-date';
import { toNotePath } from '../vault/paths';

/**
 * The path of the daily note of `day` (a local date) under `settings`: the folder, then the day
 * in the format (whose slashes make folders), then `.md` unless the format wrote it. Empty and
 * `.` segments are dropped, as the app joins them. `invalid_path` when the result is none.
 */
export function dailyNotePath(settings: DailyNoteSettings, day: Date): string {
  const joined = `${settings.folder}/${formatDate(day, settings.format)}`;
  return toNotePath(joined.split('/').filter((segment) => segment !== '' && segment !== '.').join('/'));
}
