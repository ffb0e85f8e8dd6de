import { z } from 'zod';
import { CLIENT_IDS } from '../../../server/client-configs';

/** The version of the settings schema this build writes. */
export const SETTINGS_VERSION = 1;

const globList = z.array(z.string().min(1)).default([]);

/**
 * The plugin's own settings, kept in `data.json`: never a secret, and never what the vault
 * configuration holds (write access, path rules and the embeddings provider live in the shared
 * `config.json`, which the headless server reads too). Every field has a default and a field
 * that does not validate falls back to it, so a hand-edited file never keeps the plugin from
 * loading.
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
  ai: z
    .object({
      chat_model: z.string().default('').catch(''),
      max_input_tokens: z.number().int().positive().default(64_000).catch(64_000),
      max_output_tokens: z.number().int().positive().default(2048).catch(2048),
      daily_cost_usd: z.number().nonnegative().nullable().default(null).catch(null),
      allow_globs: globList.catch([]),
      deny_globs: globList.catch([]),
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
