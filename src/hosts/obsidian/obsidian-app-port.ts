import { MarkdownView, type App, type Command, type Editor, type EditorSelection } from 'obsidian';
import type { ActiveEditorState, AppCommand, AppPort, EditorPlace, EditorSelectionText, OpenTarget } from '../../core/app/app-port';
import { IndxError } from '../../core/errors';

/** What the user allows agents, from the plugin's settings. */
export interface AppLeave {
  editorEnabled: boolean;
  allowedCommands: readonly string[];
}

/** Where the port reads the user's leave and hears it change. */
export interface AppLeaveSource {
  current(): AppLeave;
  /** Calls `listener` after every settings change; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

/**
 * The command palette's private API, as plugins use it: not in obsidian.d.ts, declared by the
 * community typings (obsidian-typings) and called by many plugins (`executeCommandById`).
 */
interface PaletteApi {
  listCommands(): Command[];
  findCommand(id: string): Command | undefined;
  executeCommandById(id: string): boolean | undefined;
}

/**
 * The Obsidian app behind `AppPort`: the editor through `workspace.activeEditor` (d.ts "A
 * component managing the current editor."), the Markdown view's mode, the main area's tabs,
 * `openLinkText` to open a note at a heading or block, and the command palette.
 */
export class ObsidianAppPort implements AppPort {
  constructor(
    private readonly app: App,
    private readonly leave: AppLeaveSource,
  ) {}

  editorEnabled(): boolean {
    return this.leave.current().editorEnabled;
  }

  allowedCommands(): readonly string[] {
    return this.leave.current().allowedCommands;
  }

  activeEditor(): ActiveEditorState {
    const workspace = this.app.workspace;
    const info = workspace.activeEditor;
    const editor = info?.editor ?? null;
    const path = info?.file?.path ?? workspace.getActiveFile()?.path ?? null;
    const view = workspace.getActiveViewOfType(MarkdownView);
    return {
      path,
      mode: view === null ? null : view.getMode(),
      cursor: editor === null ? null : placeOf(editor.getCursor('head')),
      selections: editor === null ? [] : selectionsOf(editor),
      text: editor === null ? null : editor.getValue(),
      open: this.openFiles(),
    };
  }

  /**
   * Opens the file itself in a tab (d.ts `Workspace.getLeaf`, `WorkspaceLeaf.openFile`), never
   * through `openLinkText`: a link that does not resolve (a name with `#` in it) would make the
   * app create a note, a write this caller may not make.
   */
  async open(target: OpenTarget): Promise<void> {
    const file = this.app.vault.getFileByPath(target.path);
    if (file === null) throw new IndxError('not_found', `No file at "${target.path}".`, { path: target.path });
    const eState = { ...(target.subpath === '' ? {} : { subpath: target.subpath }), ...(target.line === undefined ? {} : { line: target.line }) };
    await this.app.workspace.getLeaf(target.newTab ? 'tab' : false).openFile(file, { active: true, eState });
  }

  listCommands(): AppCommand[] {
    return (this.palette()?.listCommands() ?? []).map((command) => ({ id: command.id, name: command.name }));
  }

  commandAvailable(id: string): boolean {
    const command = this.palette()?.findCommand(id);
    if (command === undefined) return false;
    // d.ts Command.checkCallback: "Returning false or undefined causes the command to be hidden from the command palette."
    if (command.checkCallback !== undefined) return command.checkCallback(true) === true;
    const info = this.app.workspace.activeEditor;
    const editor = info?.editor;
    if (command.editorCheckCallback !== undefined) return editor !== undefined && info !== null && command.editorCheckCallback(true, editor, info) === true;
    if (command.editorCallback !== undefined) return editor !== undefined;
    return true;
  }

  runCommand(id: string): boolean {
    const palette = this.palette();
    if (palette === null || !this.commandAvailable(id)) return false;
    return palette.executeCommandById(id) !== false;
  }

  onSettingsChange(listener: () => void): () => void {
    let seen = leaveKey(this.leave.current());
    return this.leave.onChange(() => {
      const next = leaveKey(this.leave.current());
      if (next === seen) return;
      seen = next;
      listener();
    });
  }

  /** The files open in the main area's tabs (a deferred tab too: its view state names the file). */
  private openFiles(): string[] {
    const files: string[] = [];
    this.app.workspace.iterateRootLeaves((leaf) => {
      const file = leaf.getViewState().state?.file;
      if (typeof file === 'string' && !files.includes(file)) files.push(file);
    });
    return files;
  }

  private palette(): PaletteApi | null {
    const candidate: unknown = Reflect.get(this.app, 'commands');
    if (typeof candidate !== 'object' || candidate === null) return null;
    const api = candidate as Partial<PaletteApi>;
    return typeof api.listCommands === 'function' && typeof api.findCommand === 'function' && typeof api.executeCommandById === 'function' ? (api as PaletteApi) : null;
  }
}

function leaveKey(leave: AppLeave): string {
  return JSON.stringify([leave.editorEnabled, leave.allowedCommands.length > 0]);
}

function placeOf(position: { line: number; ch: number }): EditorPlace {
  return { line: position.line, ch: position.ch };
}

/** Every selection with text, start before end (a selection made upwards has its head first). */
function selectionsOf(editor: Editor): EditorSelectionText[] {
  return editor.listSelections().flatMap((selection: EditorSelection) => {
    const [from, to] = ordered(selection.anchor, selection.head ?? selection.anchor);
    const text = editor.getRange(from, to);
    return text === '' ? [] : [{ text, from: placeOf(from), to: placeOf(to) }];
  });
}

function ordered(first: EditorPlace, second: EditorPlace): [EditorPlace, EditorPlace] {
  return first.line < second.line || (first.line === second.line && first.ch <= second.ch) ? [first, second] : [second, first];
}
