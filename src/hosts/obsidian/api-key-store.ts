import { requireApiVersion, type App } from 'obsidian';

/** The id of the AI provider's key in Obsidian's secret storage (lowercase letters, digits, dashes). */
export const API_KEY_SECRET_ID = 'indx-ai-api-key';

/** Where the AI provider's API key is kept. */
export interface ApiKeyStore {
  /** True when the key lives in Obsidian's secret storage, not in `data.json`. */
  readonly secure: boolean;
  read(): string;
  write(key: string): Promise<void>;
  /**
   * Moves a key still kept in `data.json` (saved before the app had secret storage) into the
   * secret storage and empties the fallback; nothing where there is no secret storage.
   */
  migrate(): Promise<void>;
}

/** The settings' `api_key_fallback` field, read and written. */
interface FallbackField {
  read(): string;
  write(key: string): Promise<void>;
}

/**
 * The API key's home: Obsidian's secret storage where the app has it (1.11.4 and later), so the
 * key never lands in `data.json` (which sync services and backups copy); else the settings'
 * `api_key_fallback` field, which `fallback` reads and writes. A key saved in the fallback before
 * the app gained secret storage is still read, and `migrate()` (run at load) moves it over.
 */
export function createApiKeyStore(app: App, fallback: FallbackField): ApiKeyStore {
  if (requireApiVersion('1.11.4') && app.secretStorage !== undefined) {
    const storage = app.secretStorage;
    const write = async (key: string): Promise<void> => {
      storage.setSecret(API_KEY_SECRET_ID, key);
      if (fallback.read() !== '') await fallback.write('');
    };
    return {
      secure: true,
      read: () => storage.getSecret(API_KEY_SECRET_ID) ?? fallback.read(),
      write,
      // A key already in the secret storage wins (it is the one read): the fallback is only emptied.
      migrate: async () => {
        if (fallback.read() !== '') await write(storage.getSecret(API_KEY_SECRET_ID) ?? fallback.read());
      },
    };
  }
  return { secure: false, read: () => fallback.read(), write: (key) => fallback.write(key), migrate: () => Promise.resolve() };
}
