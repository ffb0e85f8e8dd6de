import type { DailyNoteSettings } from '../app-settings/daily-note-settings';
import { basenameOf } from '../vault/paths';
import type { VaultHost } from '../vault/vault-host';
import { expandTemplate } from './expand-template';
import { findTemplate } from './find-template';

/**
 * The text of a new daily note `path` for `day` (the day at the current time of day): the
 * settings' template expanded as the app's Daily notes expands it (`{{date}}` in the daily
 * format, `{{time}}` as `HH:mm`, offsets, `{{yesterday}}`, `{{tomorrow}}`), or '' without one.
 * A template the settings name but the vault lacks is `not_found`: the app would create an empty
 * note and show a notice, which an agent would never see.
 */
export async function dailyNoteText(host: VaultHost, settings: DailyNoteSettings, path: string, day: Date): Promise<string> {
  if (settings.template === '') return '';
  const template = await host.read(findTemplate(host, settings.template));
  return expandTemplate(template, { title: basenameOf(path), date: day, dateFormat: settings.format, timeFormat: 'HH:mm', daily: true });
}
