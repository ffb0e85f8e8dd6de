import { requireApiVersion, type App } from 'obsidian';

/** The id of the AI provider's key in Obsidian's secret storage (lowercase letters, digits, dashes). */
export const API_KEY_SECRET_ID = 'indx-ai-api-key';

/** Where the AI provider's API key is kept. */
export interface ApiKeyStore {
  /** True when the key lives in Obsidian's secret storage, not in `data.json`. */
  readonly secure: boolean;
  read(): string;
  write(key: string): Promise<void>;
}

/**
 * The API key's home: Obsidian's secret storage where the app has it (1.11.4 and later), so the
 * key never lands in `data.json` (which sync services and backups copy); else the settings'
 * `api_key_fallback` field, which `fallback` reads and writes. A key saved in the fallback before
 * the app gained secret storage is still read, and moves to the secret storage at the next save.
 */
export function createApiKeyStore(app: App, fallback: { read(): string; write(key: string): Promise<void> }): ApiKeyStore {
  if (requireApiVersion('1.11.4') && app.secretStorage !== undefined) {
    const storage = app.secretStorage;
    return {
      secure: true,
      read: () => storage.getSecret(API_KEY_SECRET_ID) ?? fallback.read(),
      write: async (key) => {
        storage.setSecret(API_KEY_SECRET_ID, key);
        if (fallback.read() !== '') await fallback.write('');
      },
    };
  }
  return { secure: false, read: () => fallback.read(), write: (key) => fallback.write(key) };
}
