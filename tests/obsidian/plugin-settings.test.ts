import fc from 'fast-check';
import { migrateSettings, type SettingsMigration } from '../../src/hosts/obsidian/settings/migrate-settings';
import { defaultSettings, SETTINGS_VERSION } from '../../src/hosts/obsidian/settings/plugin-settings';
import { SettingsStore } from '../../src/hosts/obsidian/settings/settings-store';
import { defaultBaseUrlOf, resolvePluginEmbeddings } from '../../src/hosts/obsidian/settings/ai-provider';

/** A `loadData`/`saveData` pair over memory, recording saves. */
function memoryFile(initial: unknown): { loadData(): Promise<unknown>; saveData(data: unknown): Promise<void>; saved: unknown[] } {
  let stored = initial;
  const saved: unknown[] = [];
  return {
    saved,
    loadData: () => Promise.resolve(structuredClone(stored)),
    saveData: (data) => {
      stored = structuredClone(data);
      saved.push(stored);
      return Promise.resolve();
    },
  };
}

describe('plugin settings: versioned schema and migrations', () => {
  it('gives the defaults for a first run (loadData returns null) and asks to save them', () => {
    const loaded = migrateSettings(null);
    expect(loaded).toEqual({ settings: defaultSettings(), writable: true, changed: true });
    expect(loaded.settings).toMatchObject({ version: SETTINGS_VERSION, server: { enabled: true, port: null }, client: 'claude-desktop', ai: { api_key_fallback: '' } });
  });

  it('keeps a current file as it is and does not ask to save it again', () => {
    const saved = { ...defaultSettings(), server: { enabled: false, port: 28000 } };
    expect(migrateSettings(JSON.parse(JSON.stringify(saved)))).toEqual({ settings: saved, writable: true, changed: false });
  });

  it('migrates an unversioned file (development builds) to the current layout, keeping its values', () => {
    const loaded = migrateSettings({ server: { enabled: false, port: 28001 }, ai: { api_key_fallback: 'sk-old' } });
    expect(loaded.changed).toBe(true);
    expect(loaded.settings).toMatchObject({ version: SETTINGS_VERSION, server: { enabled: false, port: 28001 }, ai: { api_key_fallback: 'sk-old' } });
  });

  it('runs every step from the saved version in order', () => {
    const steps: SettingsMigration[] = [
      { from: 0, migrate: (data) => ({ ...data, trail: ['0→1'], version: 1 }) },
      { from: 1, migrate: (data) => ({ ...data, trail: [...(data.trail as string[]), '1→2'], version: 2 }) },
      { from: 2, migrate: (data) => ({ ...data, server: { port: (data.trail as string[]).length + 30000 }, version: 3 }) },
    ];
    expect(migrateSettings({ version: 1, trail: ['saved'] }, steps, 3).settings.server.port).toBe(30002);
    expect(migrateSettings({}, steps, 3).settings.server.port).toBe(30002);
    expect(() => migrateSettings({}, steps.slice(1), 3)).toThrow(/no settings migration from version 0/);
  });

  it('never overwrites a file written by a newer indx, but runs on the fields it understands', () => {
    const loaded = migrateSettings({ version: SETTINGS_VERSION + 1, server: { enabled: false, port: 29000 }, future: { x: 1 } });
    expect(loaded.writable).toBe(false);
    expect(loaded.settings.server).toEqual({ enabled: false, port: 29000 });
  });

  it('replaces each field that does not validate by its default and keeps the rest (any input loads)', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const loaded = migrateSettings(raw);
        expect(loaded.settings.version).toBe(SETTINGS_VERSION);
        expect(typeof loaded.settings.server.enabled).toBe('boolean');
      }),
      { seed: 5, numRuns: 300 },
    );
    const loaded = migrateSettings({ version: 1, server: { enabled: 'yes', port: 80 }, client: 'nope', ai: { api_key_fallback: 42 } });
    expect(loaded.settings).toMatchObject({ server: { enabled: true, port: null }, client: 'claude-desktop', ai: { api_key_fallback: '' } });
    expect(loaded.changed).toBe(true);
  });

  it('saves the migrated file once at load, each validated change after, and nothing for a newer file', async () => {
    const file = memoryFile({ server: { port: 28002 } });
    const store = await SettingsStore.load(file);
    expect(file.saved).toEqual([expect.objectContaining({ version: SETTINGS_VERSION, server: { enabled: true, port: 28002 } })]);
    await store.update((settings) => ({ ...settings, client: 'cursor' }));
    expect(file.saved[1]).toMatchObject({ client: 'cursor' });
    const newer = memoryFile({ version: 99 });
    const readOnly = await SettingsStore.load(newer);
    await readOnly.update((settings) => ({ ...settings, client: 'codex' }));
    expect(readOnly.current.client).toBe('codex');
    expect(readOnly.canSave).toBe(false);
    expect(newer.saved).toEqual([]);
  });

  // Obsidian's loadData rejects when data.json is not JSON (a hand edit gone wrong).
  it('runs on the defaults without overwriting a data.json it cannot read', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const saved: unknown[] = [];
    const store = await SettingsStore.load({ loadData: () => Promise.reject(new SyntaxError('Unexpected token')), saveData: (data) => Promise.resolve(void saved.push(data)) });
    await store.update((settings) => ({ ...settings, client: 'codex' }));
    expect(store.current).toMatchObject({ version: SETTINGS_VERSION, client: 'codex' });
    expect(saved).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

describe("the plugin's embeddings provider (vault configuration + secret storage)", () => {
  it('is off until a provider or model is configured, and a half configuration throws', () => {
    expect(resolvePluginEmbeddings({}, 'k')).toBeNull();
    expect(() => resolvePluginEmbeddings({ provider: 'openai' }, 'k')).toThrow(/no model/);
  });

  it("uses the provider's default base URL and the key from the secret storage", () => {
    expect(resolvePluginEmbeddings({ provider: 'openai', model: 'text-embedding-3-small' }, 'sk')).toEqual({ base_url: 'https://api.openai.com/v1', model: 'text-embedding-3-small', api_key: 'sk' });
    expect(resolvePluginEmbeddings({ provider: 'ollama', model: 'nomic-embed-text', base_url: 'http://10.0.0.2:11434/v1' }, '')).toEqual({ base_url: 'http://10.0.0.2:11434/v1', model: 'nomic-embed-text' });
    expect(defaultBaseUrlOf('lm-studio')).toBe('http://127.0.0.1:1234/v1');
    expect(defaultBaseUrlOf('openai-compatible')).toBe('');
  });

  // Inside the app the settings tab decides: what it shows is what runs.
  it('ignores the environment variables the headless server honours', () => {
    const saved = { ...process.env };
    Object.assign(process.env, { INDX_EMBEDDINGS_PROVIDER: 'openai', INDX_EMBEDDINGS_MODEL: 'm', INDX_OPENAI_API_KEY: 'env-key' });
    try {
      expect(resolvePluginEmbeddings({}, '')).toBeNull();
      expect(resolvePluginEmbeddings({ provider: 'openai', model: 'x' }, '')).toEqual({ base_url: 'https://api.openai.com/v1', model: 'x' });
    } finally {
      process.env = saved;
    }
  });
});
