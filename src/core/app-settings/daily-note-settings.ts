import type { VaultHost } from '../vault/vault-host';
import { isCommunityPluginEnabled, isCorePluginEnabled } from './plugin-switches';
import { asRecord, folderSetting, formatSetting, readSettingsJson, textSetting } from './read-settings-json';

/** Where a vault's daily notes go and what they start from. */
export interface DailyNoteSettings {
  /** Which settings these are: the Periodic Notes plugin's, the core Daily notes plugin's, or indx's own default. */
  source: 'periodic-notes' | 'daily-notes' | 'default';
  /** The folder, vault-relative ('' for the vault's root). */
  folder: string;
  /** The moment.js format of the note's name; it may hold folders (`YYYY/MM/YYYY-MM-DD`). */
  format: string;
  /** The template note's path as the settings give it (with or without `.md`), or '' for none. */
  template: string;
}

/** The app's default daily note format. */
export const DEFAULT_DAILY_FORMAT = 'YYYY-MM-DD';

/** indx's daily notes when the vault configures none (seed 000 §5): `Daily/YYYY-MM-DD.md`, no template. */
export const DEFAULT_DAILY_SETTINGS: DailyNoteSettings = { source: 'default', folder: 'Daily', format: DEFAULT_DAILY_FORMAT, template: '' };

/**
 * The daily note settings in force in the vault, read from its configuration folder as the app
 * keeps them: Periodic Notes' daily notes when that plugin is switched on and its daily notes
 * enabled, else the core Daily notes plugin's settings (`daily-notes.json`) when it is switched
 * on, else {@link DEFAULT_DAILY_SETTINGS}. Empty fields take the app's defaults: format
 * `YYYY-MM-DD`, the vault's root, no template.
 */
export async function loadDailyNoteSettings(host: VaultHost): Promise<DailyNoteSettings> {
  return (await periodicNotesDaily(host)) ?? (await coreDailyNotes(host)) ?? DEFAULT_DAILY_SETTINGS;
}

async function coreDailyNotes(host: VaultHost): Promise<DailyNoteSettings | null> {
  const settings = await readSettingsJson(host, 'daily-notes.json');
  if (settings === null || !(await isCorePluginEnabled(host, 'daily-notes'))) return null;
  return toSettings('daily-notes', asRecord(settings), 'template');
}

/**
 * Periodic Notes keeps its daily settings under `daily` (0.x: `{enabled, folder, format,
 * template}`), or, from 1.0, under `day` of the active calendar set (`templatePath`).
 */
async function periodicNotesDaily(host: VaultHost): Promise<DailyNoteSettings | null> {
  const data = await readSettingsJson(host, 'plugins/periodic-notes/data.json');
  if (data === null || !(await isCommunityPluginEnabled(host, 'periodic-notes'))) return null;
  const settings = asRecord(data);
  const legacy = asRecord(settings.daily);
  if (legacy.enabled === true) return toSettings('periodic-notes', legacy, 'template');
  const day = asRecord(activeCalendarSet(settings).day);
  return day.enabled === true ? toSettings('periodic-notes', day, 'templatePath') : null;
}

function activeCalendarSet(settings: Record<string, unknown>): Record<string, unknown> {
  const sets = Array.isArray(settings.calendarSets) ? settings.calendarSets.map(asRecord) : [];
  return sets.find((set) => set.id === settings.activeCalendarSet) ?? sets[0] ?? {};
}

function toSettings(source: DailyNoteSettings['source'], fields: Record<string, unknown>, templateKey: string): DailyNoteSettings {
  return { source, folder: folderSetting(fields.folder), format: formatSetting(fields.format, DEFAULT_DAILY_FORMAT), template: textSetting(fields[templateKey], '') };
}
