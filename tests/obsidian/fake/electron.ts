/**
 * A fake of the part of the `electron` module the plugin uses (Obsidian runs plugins in
 * Electron's renderer, where `require('electron')` gives it): `shell.openPath` and
 * `shell.showItemInFolder`, as Electron's documentation describes them
 * (https://www.electronjs.org/docs/latest/api/shell). Nothing is opened: every call is recorded
 * in {@link shellCalls}, and {@link failOpenPath} makes `openPath` report a failure, as it does
 * when the desktop has no app for the file. `loadBuiltPlugin` answers `require('electron')` with
 * this module.
 */

/** One call the plugin made to the fake `shell`. */
export interface ShellCall {
  method: 'openPath' | 'showItemInFolder';
  path: string;
}

/** Every call to the fake `shell` since the last {@link resetShell}, oldest first. */
export const shellCalls: ShellCall[] = [];

/** What `openPath` resolves with: '' (opened), or the error message set by {@link failOpenPath}. */
let openPathError = '';

/** Test helper: makes `openPath` resolve with `message` (a failure) until {@link resetShell}. */
export function failOpenPath(message: string): void {
  if (message === '') throw new Error('fake electron: a failure needs a message (an empty one means success)');
  openPathError = message;
}

/** Test helper: forgets the recorded calls and makes `openPath` succeed again. */
export function resetShell(): void {
  shellCalls.length = 0;
  openPathError = '';
}

/** Electron's `shell` (renderer, not sandboxed). */
export const shell = {
  /**
   * "Open the given file in the desktop's default manner." Returns `Promise<string>`: "Resolves
   * with a string containing the error message corresponding to the failure if a failure
   * occurred, otherwise ''" — it does not reject.
   */
  openPath(path: string): Promise<string> {
    shellCalls.push({ method: 'openPath', path });
    return Promise.resolve(openPathError);
  },

  /** "Show the given file in a file manager. If possible, select the file." Returns nothing. */
  showItemInFolder(fullPath: string): void {
    shellCalls.push({ method: 'showItemInFolder', path: fullPath });
  },
};
