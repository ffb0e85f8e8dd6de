jest.mock('obsidian', () => jest.requireActual<object>('./fake/obsidian'), { virtual: true });

import type { App as ObsidianApp } from 'obsidian';
import { API_KEY_SECRET_ID, createApiKeyStore } from '../../src/hosts/obsidian/api-key-store';
import { SecretStorage, setApiVersion } from './fake/obsidian';

/** The settings' fallback field, in memory. */
function fallbackField(initial = ''): { value: string; read(): string; write(key: string): Promise<void> } {
  const field = { value: initial, read: () => field.value, write: (key: string) => Promise.resolve(void (field.value = key)) };
  return field;
}

describe('where the AI provider key is kept', () => {
  // Obsidian 1.11.4 added app.secretStorage; the key must not land in data.json where it exists.
  it('uses the secret storage on apps that have it, leaving the fallback empty', async () => {
    const secrets = new SecretStorage();
    const fallback = fallbackField();
    const store = createApiKeyStore({ secretStorage: secrets } as unknown as ObsidianApp, fallback);
    expect(store.secure).toBe(true);
    await store.write('sk-1');
    expect(secrets.getSecret(API_KEY_SECRET_ID)).toBe('sk-1');
    expect(store.read()).toBe('sk-1');
    expect(fallback.value).toBe('');
  });

  it('moves a key saved before the app had secret storage into it at the next save', async () => {
    const app = { secretStorage: new SecretStorage() } as unknown as ObsidianApp;
    const fallback = fallbackField('sk-old');
    const store = createApiKeyStore(app, fallback);
    expect(store.read()).toBe('sk-old');
    await store.write('sk-new');
    expect(fallback.value).toBe('');
    expect(store.read()).toBe('sk-new');
  });

  // data.json is what sync services and backups copy: a key left there after the app gained secret storage leaks.
  it('migrates a key saved before the app had secret storage at load, and only empties the fallback when a secret exists', async () => {
    const secrets = new SecretStorage();
    const fallback = fallbackField('sk-old');
    await createApiKeyStore({ secretStorage: secrets } as unknown as ObsidianApp, fallback).migrate();
    expect(secrets.getSecret(API_KEY_SECRET_ID)).toBe('sk-old');
    expect(fallback.value).toBe('');
    const stale = fallbackField('sk-stale');
    await createApiKeyStore({ secretStorage: secrets } as unknown as ObsidianApp, stale).migrate();
    expect(secrets.getSecret(API_KEY_SECRET_ID)).toBe('sk-old');
    expect(stale.value).toBe('');
  });

  it('falls back to the settings field on apps before 1.11.4', async () => {
    const restore = setApiVersion('1.10.6');
    try {
      const fallback = fallbackField();
      const store = createApiKeyStore({} as ObsidianApp, fallback);
      expect(store.secure).toBe(false);
      await store.write('sk-2');
      expect(fallback.value).toBe('sk-2');
      expect(store.read()).toBe('sk-2');
      await store.migrate();
      expect(fallback.value).toBe('sk-2');
    } finally {
      restore();
    }
  });
});
