import type { TFile } from './files';

/** A place in a note: obsidian.d.ts `EditorPosition` (0-based line and character). */
export interface EditorPosition {
  line: number;
  ch: number;
}

/** obsidian.d.ts `EditorSelection`: where the selection started and where it ends. */
export interface EditorSelection {
  anchor: EditorPosition;
  head: EditorPosition;
}

/** A link the workspace opened (test record). */
export interface OpenedLink {
  linktext: string;
  sourcePath: string;
  newLeaf: unknown;
  openViewState: { state?: Record<string, unknown>; eState?: Record<string, unknown>; active?: boolean } | undefined;
  /** The file the link resolved to, or null (Obsidian then creates the note). */
  file: TFile | null;
}

/**
 * Obsidian's `Editor` over a text held in memory (no CodeMirror): its value, ranges, selections
 * and cursor. obsidian.d.ts gives these members no doc text; they follow CodeMirror's meaning
 * (ASSUMED [A40]): a range is `from` to `to`, the cursor is the main selection's head.
 */
export class Editor {
  private selections: EditorSelection[];

  constructor(
    private text: string,
    selections: EditorSelection[] = [{ anchor: { line: 0, ch: 0 }, head: { line: 0, ch: 0 } }],
  ) {
    this.selections = selections;
  }

  getValue(): string {
    return this.text;
  }

  /** Test helper: the user types until the note reads `text` (not saved). */
  setValue(text: string): void {
    this.text = text;
  }

  getRange(from: EditorPosition, to: EditorPosition): string {
    return this.text.slice(this.offsetOf(from), this.offsetOf(to));
  }

  listSelections(): EditorSelection[] {
    return this.selections.map((selection) => ({ anchor: { ...selection.anchor }, head: { ...selection.head } }));
  }

  /** The main selection's text (start to end, whichever way it was made). */
  getSelection(): string {
    const main = this.selections[0];
    if (main === undefined) return '';
    const [from, to] = before(main.anchor, main.head) ? [main.anchor, main.head] : [main.head, main.anchor];
    return this.getRange(from, to);
  }

  getCursor(side: 'from' | 'to' | 'head' | 'anchor' = 'head'): EditorPosition {
    const main = this.selections[0] ?? { anchor: { line: 0, ch: 0 }, head: { line: 0, ch: 0 } };
    const [from, to] = before(main.anchor, main.head) ? [main.anchor, main.head] : [main.head, main.anchor];
    const place = side === 'from' ? from : side === 'to' ? to : side === 'anchor' ? main.anchor : main.head;
    return { ...place };
  }

  /** Test helper: the user selects (the first selection is the main one). */
  setSelections(selections: EditorSelection[]): void {
    this.selections = selections;
  }

  private offsetOf(position: EditorPosition): number {
    const lines = this.text.split('\n');
    let offset = 0;
    for (let line = 0; line < position.line && line < lines.length; line += 1) offset += (lines[line] as string).length + 1;
    return Math.min(offset + position.ch, this.text.length);
  }
}

function before(first: EditorPosition, second: EditorPosition): boolean {
  return first.line < second.line || (first.line === second.line && first.ch <= second.ch);
}

/**
 * Obsidian's `MarkdownView`: a note in a tab, with its editor and mode (obsidian.d.ts
 * `MarkdownViewModeType`: source or preview). It is the `MarkdownFileInfo` the workspace's
 * `activeEditor` points at.
 */
export class MarkdownView {
  readonly editor: Editor;

  constructor(
    readonly leaf: WorkspaceLeaf,
    readonly file: TFile,
    text: string,
    private mode: 'source' | 'preview' = 'source',
  ) {
    this.editor = new Editor(text);
  }

  getViewType(): string {
    return 'markdown';
  }

  getMode(): 'source' | 'preview' {
    return this.mode;
  }

  /** Test helper: the user switches between editing and reading view. */
  setMode(mode: 'source' | 'preview'): void {
    this.mode = mode;
  }
}

/** A file opened in a tab through `WorkspaceLeaf.openFile` (test record). */
export interface OpenedFile {
  path: string;
  openState: { active?: boolean; eState?: Record<string, unknown> } | undefined;
  /** Whether the tab was new (`getLeaf('tab')`). */
  newTab: boolean;
}

/**
 * A tab of the main area. Its view state names its file (ASSUMED [A41]: `state.file` is the
 * file's vault path, also for a tab not loaded yet).
 */
export class WorkspaceLeaf {
  view: MarkdownView | null = null;
  /** Set by `getLeaf('tab')` until the tab shows a file. */
  isNew = false;

  constructor(private readonly workspace: Workspace) {}

  /**
   * obsidian.d.ts WorkspaceLeaf.openFile: "Open a file in this leaf." ASSUMED [A43]: `active`
   * focuses the tab, `eState.line` puts the cursor on that line, `eState.subpath` (`#Heading`,
   * `#^block`) is where the view scrolls (recorded).
   */
  async openFile(file: TFile, openState?: OpenedFile['openState']): Promise<void> {
    await this.workspace.showIn(this, file, openState);
  }

  getViewState(): { type: string; state?: Record<string, unknown>; active?: boolean } {
    return this.view === null ? { type: 'empty', state: {} } : { type: 'markdown', state: { file: this.view.file.path, mode: this.view.getMode() } };
  }
}

/** How the workspace reaches the vault: link resolution and a note's text. */
export interface WorkspaceVault {
  resolveLink(linkpath: string, sourcePath: string): TFile | null;
  read(file: TFile): Promise<string>;
}

/** Obsidian's `Workspace`: layout readiness, the main area's tabs, the active view and editor, opening links. */
export class Workspace {
  /** obsidian.d.ts Workspace.layoutReady: "If the layout of the app has been successfully initialized." */
  layoutReady = false;
  /** Every link opened through `openLinkText`, oldest first. */
  readonly opened: OpenedLink[] = [];
  /** Every file opened through `WorkspaceLeaf.openFile`, oldest first. */
  readonly openedFiles: OpenedFile[] = [];
  /** The main area's tabs, in order. */
  readonly leaves: WorkspaceLeaf[] = [];
  private readonly waiting: (() => unknown)[] = [];
  private activeLeaf: WorkspaceLeaf | null = null;
  /** A file made active without a Markdown view (a PDF, an image): `setActiveFile`. */
  private activeOther: TFile | null = null;

  constructor(
    private readonly vault: WorkspaceVault,
    /** The app's startup work that ends before the layout is ready (the vault's first load). */
    private readonly finishStartup: () => void = () => undefined,
  ) {}

  /**
   * obsidian.d.ts Workspace.getActiveFile: "Returns the file for the current view if it's a
   * `FileView`."
   */
  getActiveFile(): TFile | null {
    return this.activeLeaf?.view?.file ?? this.activeOther;
  }

  /**
   * obsidian.d.ts Workspace.activeEditor: "A component managing the current editor." and "This
   * can be null if the active view has no editor." The active Markdown view (in reading view too:
   * it keeps its editor).
   */
  get activeEditor(): MarkdownView | null {
    return this.activeLeaf?.view ?? null;
  }

  /** obsidian.d.ts Workspace.getActiveViewOfType: "Get the currently active view of a given type." */
  getActiveViewOfType<T>(type: abstract new (...args: never[]) => T): T | null {
    const view = this.activeLeaf?.view ?? null;
    return view instanceof type ? view : null;
  }

  /** obsidian.d.ts Workspace.iterateRootLeaves: "Iterate through all leaves in the main area of the workspace." */
  iterateRootLeaves(callback: (leaf: WorkspaceLeaf) => unknown): void {
    for (const leaf of this.leaves) callback(leaf);
  }

  /** Test helper: the user focuses a file that has no Markdown view (null: no file open). */
  setActiveFile(file: TFile | null): void {
    this.activeLeaf = null;
    this.activeOther = file;
  }

  /** Test helper: the user opens `file` in a new tab and focuses it; returns its view. */
  async openInEditor(file: TFile): Promise<MarkdownView> {
    return this.show(file, true);
  }

  /**
   * obsidian.d.ts Workspace.getLeaf: "If newLeaf is false (or not set) then an existing leaf
   * which can be navigated is returned, or a new leaf will be created if there was no leaf
   * available." and "If newLeaf is `'tab'` or `true` then a new leaf will be created in the
   * preferred location within the root split and returned." A new tab joins the tabs when it
   * shows a file.
   */
  getLeaf(newLeaf?: 'tab' | 'split' | 'window' | boolean): WorkspaceLeaf {
    if ((newLeaf === undefined || newLeaf === false) && this.activeLeaf !== null) return this.activeLeaf;
    const leaf = new WorkspaceLeaf(this);
    leaf.isNew = newLeaf !== undefined && newLeaf !== false;
    return leaf;
  }

  /** Shows `file` in `leaf` (a leaf of `getLeaf`), as `WorkspaceLeaf.openFile` does. */
  async showIn(leaf: WorkspaceLeaf, file: TFile, openState: OpenedFile['openState']): Promise<void> {
    this.openedFiles.push({ path: file.path, openState, newTab: leaf.isNew });
    if (!this.leaves.includes(leaf)) this.leaves.push(leaf);
    leaf.isNew = false;
    const view = new MarkdownView(leaf, file, await this.vault.read(file));
    leaf.view = view;
    if (openState?.active === true || this.activeLeaf === null) {
      this.activeLeaf = leaf;
      this.activeOther = null;
    }
    const line = openState?.eState?.line;
    if (typeof line === 'number') view.editor.setSelections([{ anchor: { line, ch: 0 }, head: { line, ch: 0 } }]);
  }

  /**
   * Opens `linktext` (a linkpath with an optional `#subpath`) as a link in `sourcePath` would; the
   * file it resolves to is shown in the active tab (a new one when `newLeaf` is set) and becomes
   * the active one. ASSUMED [A19]: a missing note is not created, where the app would create it.
   */
  async openLinkText(linktext: string, sourcePath: string, newLeaf?: unknown, openViewState?: OpenedLink['openViewState']): Promise<void> {
    const file = this.vault.resolveLink(linktext.split('#')[0] ?? '', sourcePath);
    this.opened.push({ linktext, sourcePath, newLeaf, openViewState, file });
    if (file === null) return;
    const view = await this.show(file, newLeaf !== undefined && newLeaf !== false);
    const line = openViewState?.eState?.line;
    if (typeof line === 'number') view.editor.setSelections([{ anchor: { line, ch: 0 }, head: { line, ch: 0 } }]);
  }

  /**
   * obsidian.d.ts Workspace.onLayoutReady: "Runs the callback function right away if layout is
   * already ready, or push it to a queue to be called later when layout is ready."
   */
  onLayoutReady(callback: () => unknown): void {
    if (this.layoutReady) void callback();
    else this.waiting.push(callback);
  }

  /** Test helper: the app finished restoring its layout. */
  setLayoutReady(): void {
    if (!this.layoutReady) this.finishStartup();
    this.layoutReady = true;
    for (const callback of this.waiting.splice(0)) void callback();
  }

  private async show(file: TFile, newTab: boolean): Promise<MarkdownView> {
    let leaf = newTab ? null : this.activeLeaf;
    if (leaf === null) {
      leaf = new WorkspaceLeaf(this);
      this.leaves.push(leaf);
    }
    const view = new MarkdownView(leaf, file, await this.vault.read(file));
    leaf.view = view;
    this.activeLeaf = leaf;
    this.activeOther = null;
    return view;
  }
}
