import { loadTemplateSettings } from '../app-settings/template-settings';
import { basenameOf } from '../vault/paths';
import type { VaultHost } from '../vault/vault-host';
import { expandTemplate } from './expand-template';
import { findTemplate } from './find-template';

/**
 * The text of a new note `path` made from the template note `name`, found as the core Templates
 * plugin finds it (its template folder first, see `findTemplate`) and expanded with its date and
 * time formats: `{{title}}` is the new note's name, `{{date}}` and `{{time}}` are `now`.
 */
export async function templateText(host: VaultHost, name: string, path: string, now: Date): Promise<string> {
  const settings = await loadTemplateSettings(host);
  const template = await host.read(findTemplate(host, name, settings.folder));
  return expandTemplate(template, { title: basenameOf(path), date: now, dateFormat: settings.dateFormat, timeFormat: settings.timeFormat });
}
