/**
 * What only the Obsidian app can give: the editor (the active note, its selection, opening a note
 * for the user) and the command palette. The plugin host provides it; the headless host has none,
 * so operations that need it (`Operation.app`) answer `editor_unavailable` there. Everything here
 * is also gated by the user: the editor switch and the commands allowed one by one live in the
 * plugin's settings, and the port reports them.
 */

/** A place in a note, as Obsidian's `EditorPosition`: 0-based line and character. */
export interface EditorPlace {
  line: number;
  ch: number;
}

/** One selection in the editor, as the user sees it: its text, start and end (`from` before `to`). */
export interface EditorSelectionText {
  text: string;
  from: EditorPlace;
  to: EditorPlace;
}

/** The editor as it is now. */
export interface ActiveEditorState {
  /** The active file's vault path (the note in the focused editor or view), or null. */
  path: string | null;
  /** How the active note is shown, when it is a Markdown view. */
  mode: 'source' | 'preview' | null;
  /** The cursor (the main selection's head), when an editor is active. */
  cursor: EditorPlace | null;
  /** Every selection with text; empty when nothing is selected. */
  selections: EditorSelectionText[];
  /** The editor's text, when an editor is active (to tell unsaved changes from the file). */
  text: string | null;
  /** The files open in the main area's tabs, in the workspace's order. */
  open: string[];
}

/** Where to open a note. */
export interface OpenTarget {
  path: string;
  /** The link's subpath (`#Heading` or `#^block`), or '' for the top. */
  subpath: string;
  /** A 0-based line to put the cursor on. */
  line?: number;
  /** A new tab rather than the current one. */
  newTab: boolean;
}

/** One command of the palette. */
export interface AppCommand {
  id: string;
  name: string;
}

/** The Obsidian app, as far as operations may reach it. */
export interface AppPort {
  /** Whether the user lets agents see and steer the editor (the plugin's settings switch). */
  editorEnabled(): boolean;
  /** The ids of the commands the user allowed agents to run, one by one in the settings. */
  allowedCommands(): readonly string[];
  /** The active note, selection, cursor and open tabs. */
  activeEditor(): ActiveEditorState;
  /** Opens a note for the user and makes it active. */
  open(target: OpenTarget): Promise<void>;
  /** Every command the palette knows (whatever the settings allow). */
  listCommands(): AppCommand[];
  /** Whether the palette offers the command now (its check passes). */
  commandAvailable(id: string): boolean;
  /** Runs a command as the palette does; false when it is unknown or does not apply now. */
  runCommand(id: string): boolean;
  /** Calls `listener` when the editor switch or the allowed commands change; returns the unsubscribe. */
  onSettingsChange(listener: () => void): () => void;
}
