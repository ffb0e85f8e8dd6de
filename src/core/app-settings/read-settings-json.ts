import type { VaultHost } from '../vault/vault-host';

/**
 * The JSON of a file of the app's settings (`<configDir>/<name>`), or null when the host has no
 * configuration folder, the file is missing, or it is not JSON: the app then falls back to its
 * defaults, and so do we.
 */
export async function readSettingsJson(host: VaultHost, name: string): Promise<unknown> {
  const text = await host.readConfigFile?.(name);
  if (text === undefined || text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** `value` when it is a JSON object, else an empty one. */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A path setting trimmed, or `fallback` when it is missing, not text or blank (how the app treats an empty field). */
export function textSetting(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

/** A format setting as it is (spaces can be part of a format), or `fallback` when it is missing, not text or empty. */
export function formatSetting(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/** A folder setting as a vault path: trimmed, without slashes at either end ('' for the vault's root). */
export function folderSetting(value: unknown): string {
  return textSetting(value, '').replace(/^\/+|\/+$/g, '');
}
