import { SETTINGS_VERSION, pluginSettingsSchema, type PluginSettings } from './plugin-settings';

/** One step that rewrites settings saved at version `from` into the layout of version `from + 1`. */
export interface SettingsMigration {
  from: number;
  migrate(data: Record<string, unknown>): Record<string, unknown>;
}

/**
 * Every step from the oldest layout to {@link SETTINGS_VERSION}, in order. Version 0 is a
 * `data.json` without a `version` key (development builds before the schema was versioned),
 * laid out as version 1.
 */
export const SETTINGS_MIGRATIONS: readonly SettingsMigration[] = [{ from: 0, migrate: (data) => ({ ...data, version: 1 }) }];

/** What loading `data.json` found. */
export interface LoadedSettings {
  settings: PluginSettings;
  /**
   * False when the file was written by a newer indx (a higher version): the plugin runs on what
   * it understands but must not save, which would throw the newer fields away.
   */
  writable: boolean;
  /** True when the file was missing, older, or had fields replaced by defaults: save it back. */
  changed: boolean;
}

/**
 * Brings whatever `loadData()` returned up to the current schema: runs each migration step from
 * the saved version, then validates (fields that do not validate fall back to their defaults).
 */
export function migrateSettings(raw: unknown, migrations: readonly SettingsMigration[] = SETTINGS_MIGRATIONS, currentVersion = SETTINGS_VERSION): LoadedSettings {
  const data = isRecord(raw) ? raw : {};
  const savedVersion = typeof data.version === 'number' && Number.isInteger(data.version) ? data.version : 0;
  if (savedVersion > currentVersion) return { settings: pluginSettingsSchema.parse({ ...data, version: SETTINGS_VERSION }), writable: false, changed: false };
  let migrated = data;
  for (let version = savedVersion; version < currentVersion; version += 1) migrated = stepFrom(version, migrations)(migrated);
  const settings = pluginSettingsSchema.parse({ ...migrated, version: SETTINGS_VERSION });
  return { settings, writable: true, changed: !isRecord(raw) || savedVersion !== currentVersion || JSON.stringify(settings) !== JSON.stringify(withoutExtras(migrated, settings)) };
}

function stepFrom(version: number, migrations: readonly SettingsMigration[]): (data: Record<string, unknown>) => Record<string, unknown> {
  const step = migrations.find((migration) => migration.from === version);
  if (step === undefined) throw new Error(`indx: no settings migration from version ${version}`);
  return (data) => step.migrate(data);
}

// Compares only the keys the schema knows, in its order, so a file equal to the parsed result needs no save.
function withoutExtras(data: Record<string, unknown>, shape: unknown): unknown {
  if (!isRecord(shape)) return data;
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(shape)) picked[key] = isRecord(data[key]) ? withoutExtras(data[key], shape[key]) : data[key];
  return picked;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
