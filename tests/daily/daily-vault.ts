import type { TempFiles } from '../helpers/temp-vault';

/** The vault's configuration folder, as tests write it. */
const CONFIG = '.obsidian';

/** The clock of the daily note tests: Saturday 21 November 2026, 09:30 local time. */
export const NOW = new Date(2026, 10, 21, 9, 30).getTime();

/**
 * A vault whose core Daily notes put notes in `Journal/YYYY/MM/` named `YYYY-MM-DD dddd`, from
 * `Templates/Daily`, and whose core Templates folder is `Templates` (dates as `DD.MM.YYYY`).
 */
export const DAILY_VAULT: TempFiles = {
  [`${CONFIG}/core-plugins.json`]: JSON.stringify({ 'file-explorer': true, 'daily-notes': true, templates: true }),
  [`${CONFIG}/daily-notes.json`]: JSON.stringify({ folder: 'Journal', format: 'YYYY/MM/YYYY-MM-DD dddd', template: 'Templates/Daily', autorun: false }),
  [`${CONFIG}/templates.json`]: JSON.stringify({ folder: 'Templates', dateFormat: 'DD.MM.YYYY', timeFormat: 'HH:mm' }),
  'Templates/Daily.md': '---\ntags: [daily]\nday: "{{date:YYYY-MM-DD}}"\n---\n# {{title}}\n\nWeek {{date:gggg-[W]ww}} · [[{{yesterday}}|Yesterday]] · [[{{tomorrow}}|Tomorrow]]\n',
  'Templates/Meeting.md': '---\ntype: meeting\n---\n# {{title}}\n\nHeld {{date}} at {{time}} ({{date:dddd}}).\n',
  'Home.md': '# Home\n',
};

/** The path the settings give the daily note of `date` (local), and what its template makes of it. */
export function expectedDailyNote(date: Date): { path: string; body: string; frontmatter: Record<string, unknown> } {
  const pad = (value: number): string => String(value).padStart(2, '0');
  const day = (shift: number): Date => new Date(date.getFullYear(), date.getMonth(), date.getDate() + shift);
  const name = (of: Date): string => `${of.getFullYear()}-${pad(of.getMonth() + 1)}-${pad(of.getDate())} ${of.toLocaleDateString('en-US', { weekday: 'long' })}`;
  const nested = (of: Date): string => `${of.getFullYear()}/${pad(of.getMonth() + 1)}/${name(of)}`;
  return {
    path: `Journal/${nested(date)}.md`,
    body: `# ${name(date)}\n\nWeek ${weekLabel(date)} · [[${nested(day(-1))}|Yesterday]] · [[${nested(day(1))}|Tomorrow]]\n`,
    frontmatter: { tags: ['daily'], day: name(date).slice(0, 10) },
  };
}

/** The English week label `gggg-[W]ww` (weeks from Sunday, week 1 holding January 1st), worked out by counting. */
function weekLabel(date: Date): string {
  const sunday = new Date(date.getFullYear(), date.getMonth(), date.getDate() - date.getDay());
  const saturday = new Date(sunday.getFullYear(), sunday.getMonth(), sunday.getDate() + 6);
  // The week belongs to the year of its Saturday (the week holding January 1st is that year's week 1).
  const year = saturday.getFullYear();
  const firstSunday = new Date(year, 0, 1 - new Date(year, 0, 1).getDay());
  const week = Math.round((sunday.getTime() - firstSunday.getTime()) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}
