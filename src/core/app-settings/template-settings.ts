import type { VaultHost } from '../vault/vault-host';
import { asRecord, folderSetting, formatSetting, readSettingsJson } from './read-settings-json';

/** The core Templates plugin's settings. */
export interface TemplateSettings {
  /** The template folder, vault-relative ('' when none is set). */
  folder: string;
  /** The moment.js format `{{date}}` writes. */
  dateFormat: string;
  /** The moment.js format `{{time}}` writes. */
  timeFormat: string;
}

/**
 * The core Templates plugin's settings (`templates.json`), with the app's defaults for what is
 * missing or empty: no folder, `{{date}}` as `YYYY-MM-DD`, `{{time}}` as `HH:mm`.
 */
export async function loadTemplateSettings(host: VaultHost): Promise<TemplateSettings> {
  const settings = asRecord(await readSettingsJson(host, 'templates.json'));
  return { folder: folderSetting(settings.folder), dateFormat: formatSetting(settings.dateFormat, 'YYYY-MM-DD'), timeFormat: formatSetting(settings.timeFormat, 'HH:mm') };
}
