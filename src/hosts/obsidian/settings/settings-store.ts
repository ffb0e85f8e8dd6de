import { migrateSettings } from './migrate-settings';
import { pluginSettingsSchema, type PluginSettings } from './plugin-settings';

/** Where settings are read from and written to: the plugin's `loadData`/`saveData` (`data.json`). */
export interface SettingsFile {
  loadData(): Promise<unknown>;
  saveData(data: unknown): Promise<void>;
}

/**
 * The plugin's settings in memory and in `data.json`. Loading migrates older files and saves
 * them back in the current layout; a file written by a newer indx is read but never overwritten.
 * Every change is validated before it is kept.
 */
export class SettingsStore {
  private settings: PluginSettings;
  private writable: boolean;
  /** Saves run one after another, each writing the settings current when it starts. */
  private saving: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<() => void>();

  private constructor(
    private readonly file: SettingsFile,
    loaded: { settings: PluginSettings; writable: boolean },
  ) {
    this.settings = loaded.settings;
    this.writable = loaded.writable;
  }

  /** Reads, migrates and (when it changed) saves the settings. */
  static async load(file: SettingsFile): Promise<SettingsStore> {
    const store = new SettingsStore(file, { settings: pluginSettingsSchema.parse({}), writable: true });
    await store.reload();
    return store;
  }

  /** The current settings (do not mutate; use `update`). */
  get current(): PluginSettings {
    return this.settings;
  }

  /** Calls `listener` after every change of the settings in memory (an update, a reload); returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** False when `data.json` came from a newer indx: changes then apply in memory only. */
  get canSave(): boolean {
    return this.writable;
  }

  /**
   * Reads `data.json` again (it changed on disk, e.g. through sync). A file that cannot be read
   * (broken JSON) leaves the defaults in force and is never overwritten, so the user can fix it.
   */
  async reload(): Promise<void> {
    const raw = await this.file.loadData().then(
      (data) => ({ data }),
      (error: unknown) => {
        console.warn('indx: could not read data.json; using the default settings without saving them', error);
        return null;
      },
    );
    const loaded = raw === null ? { settings: pluginSettingsSchema.parse({}), writable: false, changed: false } : migrateSettings(raw.data);
    this.settings = loaded.settings;
    this.writable = loaded.writable;
    this.changed();
    if (loaded.changed && loaded.writable) await this.save();
  }

  /** Applies `change` to a copy of the settings, validates the result, keeps and saves it. */
  async update(change: (settings: PluginSettings) => PluginSettings): Promise<PluginSettings> {
    this.settings = pluginSettingsSchema.parse(change(structuredClone(this.settings)));
    this.changed();
    if (this.writable) await this.save();
    return this.settings;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  // Two quick changes must not race: a slower first write would leave the older settings on disk.
  private save(): Promise<void> {
    const next = this.saving.then(() => this.file.saveData(this.settings));
    this.saving = next.catch(() => undefined);
    return next;
  }
}
