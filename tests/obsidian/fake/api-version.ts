/** The app version the fake plays; tests lower it to exercise code paths for older apps. */
let currentVersion = '1.13.1';

/**
 * Obsidian's `apiVersion` (read through this function: the fake's version can change).
 * obsidian.d.ts apiVersion: "This is the API version of the app, which follows the release cycle
 * of the desktop app." The fake plays the version of the typings it is checked against.
 */
export function getApiVersion(): string {
  return currentVersion;
}

/** Test helper: makes the fake play app version `version`; returns a function that restores the previous one. */
export function setApiVersion(version: string): () => void {
  const previous = currentVersion;
  currentVersion = version;
  return () => {
    currentVersion = previous;
  };
}

/**
 * Obsidian's `requireApiVersion`: obsidian.d.ts requireApiVersion: "Returns true if the API
 * version is equal or higher than the requested version." Compared part by part, a missing part
 * counting as 0.
 */
export function requireApiVersion(version: string): boolean {
  const running = currentVersion.split('.').map(Number);
  const wanted = version.split('.').map(Number);
  for (let index = 0; index < Math.max(running.length, wanted.length); index += 1) {
    const difference = (running[index] ?? 0) - (wanted[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}
