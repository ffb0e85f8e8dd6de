/**
 * The part of Electron's API the plugin uses (Obsidian runs plugins in Electron's renderer, where
 * `require('electron')` gives it), as Electron's documentation describes it
 * (https://www.electronjs.org/docs/latest/api/shell). The package itself is not a dependency.
 */
declare module 'electron' {
  export const shell: {
    /** Opens the file with the desktop's default app; resolves with an error message, '' on success. */
    openPath(path: string): Promise<string>;
    /** Shows the file in the system's file manager, selected. */
    showItemInFolder(fullPath: string): void;
  };
}
