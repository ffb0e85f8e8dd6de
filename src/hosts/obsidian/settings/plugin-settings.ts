import * as z from 'zod';
import { CLIENT_IDS } from '../../../server/client-configs';

/** The version of the settings schema this build writes. */
export const SETTINGS_VERSION = 1;

/**
 * The plugin's own settings, kept in `data.json`: never what the vault configuration holds
 * (write access, path rules, the AI and embeddings providers and their limits live in the
 * shared `config.json`, which the headless server reads too), and a secret only where the app
 * has no secret storage. Every field has a default and a field that does not validate falls
 * back to it, so a hand-edited file never keeps the plugin from loading.
 */
export const pluginSettingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION).default(SETTINGS_VERSION),
  server: z
    .object({
      enabled: z.boolean().default(true).catch(true),
      port: z.number().int().min(1024).max(65535).nullable().default(null).catch(null),
    })
    .prefault({}),
  client: z.enum(CLIENT_IDS).default('claude-desktop').catch('claude-desktop'),
  /** What agents may do in the app itself (off by default): see and steer the editor, run the commands allowed here. */
  editor: z
    .object({
      enabled: z.boolean().default(false).catch(false),
      /** Command ids agents may run (`command_run`), allowed one by one. */
      commands: z.array(z.string().min(1)).default([]).catch([]),
    })
    .prefault({}),
  ai: z
    .object({
      /** Only where the app has no secret storage (before 1.11.4). */
      api_key_fallback: z.string().default('').catch(''),
    })
    .prefault({}),
});

/** The plugin's settings, defaults applied. */
export type PluginSettings = z.output<typeof pluginSettingsSchema>;

/** The default settings. */
export function defaultSettings(): PluginSettings {
  return pluginSettingsSchema.parse({});
}
