import { FakeElement } from './fake-element';
import { prepareFuzzySearch, type SearchResult } from './fuzzy-search';

/** The modals open now, oldest first (the app stacks them; the last one has the focus). */
export const openModals: Modal[] = [];

/** What the fake passes where Obsidian passes the mouse or keyboard event that chose a suggestion. */
const CHOOSE_EVENT = { type: 'click' };

/**
 * Obsidian's `Modal`: `open()` puts its container on screen and calls `onOpen()` (obsidian.d.ts
 * Modal.open: "Show the modal on the active window."); `close()` removes it, calls `onClose()` and
 * then the close callback (obsidian.d.ts Modal.close: "Hide the modal."). ASSUMED (docs silent):
 * that order; the content is not emptied by the app (plugins empty `contentEl` in `onClose`).
 */
export class Modal {
  readonly containerEl = new FakeElement('div');
  readonly modalEl: FakeElement;
  readonly titleEl: FakeElement;
  readonly contentEl: FakeElement;
  readonly scope = {};
  shouldRestoreSelection = true;
  private closeCallback: (() => unknown) | null = null;

  constructor(readonly app: unknown) {
    this.containerEl.addClass('modal-container');
    this.modalEl = this.containerEl.createDiv('modal');
    this.titleEl = this.modalEl.createDiv('modal-title');
    this.contentEl = this.modalEl.createDiv('modal-content');
  }

  /** True while the modal is on screen (test helper). */
  get isOpen(): boolean {
    return openModals.includes(this);
  }

  open(): void {
    if (this.isOpen) return;
    openModals.push(this);
    void this.onOpen();
  }

  close(): void {
    if (!this.isOpen) return;
    openModals.splice(openModals.indexOf(this), 1);
    this.onClose();
    void this.closeCallback?.();
  }

  onOpen(): Promise<void> | void {}

  onClose(): void {}

  setTitle(title: string): this {
    this.titleEl.setText(title);
    return this;
  }

  setContent(content: string): this {
    if (typeof content !== 'string') throw new Error('fake obsidian: only text modal content is emulated');
    this.contentEl.setText(content);
    return this;
  }

  setCloseCallback(callback: () => unknown): this {
    this.closeCallback = callback;
    return this;
  }
}

/**
 * Obsidian's `SuggestModal`: a query input over a list of suggestions. Each change of the query
 * asks `getSuggestions` again and renders the first `limit`; choosing one closes the modal, then
 * calls `onChooseSuggestion` (ASSUMED: the typings document none of it). `type()` and `choose()`
 * are the test's keyboard.
 */
export abstract class SuggestModal<T> extends Modal {
  limit = 100;
  emptyStateText = 'No results found.';
  readonly inputEl: FakeElement;
  readonly resultContainerEl: FakeElement;
  /** The suggestions shown now, in order (test helper). */
  shown: T[] = [];
  private instructions: { command: string; purpose: string }[] = [];

  constructor(app: unknown) {
    super(app);
    this.modalEl.addClass('prompt');
    this.inputEl = this.modalEl.createEl('input', { cls: 'prompt-input', type: 'text' });
    this.resultContainerEl = this.modalEl.createDiv('prompt-results');
  }

  override open(): void {
    super.open();
    void this.updateSuggestions();
  }

  setPlaceholder(placeholder: string): void {
    this.inputEl.placeholder = placeholder;
  }

  setInstructions(instructions: { command: string; purpose: string }[]): void {
    this.instructions = instructions;
  }

  /** The instructions set (test helper). */
  get shownInstructions(): { command: string; purpose: string }[] {
    return this.instructions;
  }

  onNoSuggestion(): void {
    this.resultContainerEl.empty();
    this.resultContainerEl.createDiv({ cls: 'suggestion-empty', text: this.emptyStateText });
  }

  selectSuggestion(value: T, event: unknown): void {
    this.close();
    this.onChooseSuggestion(value, event);
  }

  /** Test helper: the user types `query` (replacing what was typed); resolves once the list is drawn. */
  async type(query: string): Promise<T[]> {
    this.inputEl.value = query;
    await this.updateSuggestions();
    return this.shown;
  }

  /** Test helper: the user picks the first suggestion shown whose rendered text is `text`. */
  choose(text: string): void {
    const rows = this.resultContainerEl.children;
    const index = rows.findIndex((row) => row.textContent === text);
    if (index === -1) throw new Error(`fake obsidian: no suggestion "${text}" among: ${rows.map((row) => row.textContent).join(', ')}`);
    this.selectSuggestion(this.shown[index] as T, CHOOSE_EVENT);
  }

  abstract getSuggestions(query: string): T[] | Promise<T[]>;

  abstract renderSuggestion(value: T, element: FakeElement): void;

  abstract onChooseSuggestion(item: T, event: unknown): void;

  private async updateSuggestions(): Promise<void> {
    const suggestions = (await this.getSuggestions(this.inputEl.value)).slice(0, this.limit);
    this.shown = suggestions;
    this.resultContainerEl.empty();
    if (suggestions.length === 0) return this.onNoSuggestion();
    for (const suggestion of suggestions) this.renderSuggestion(suggestion, this.resultContainerEl.createDiv('suggestion-item'));
  }
}

/** Obsidian's `FuzzyMatch`. */
export interface FuzzyMatch<T> {
  item: T;
  match: SearchResult;
}

/**
 * Obsidian's `FuzzySuggestModal`: the suggestions are `getItems()` whose `getItemText` fuzzily
 * matches the query, best first (all of them, in order, for an empty query); choosing one calls
 * `onChooseItem` with the item.
 */
export abstract class FuzzySuggestModal<T> extends SuggestModal<FuzzyMatch<T>> {
  getSuggestions(query: string): FuzzyMatch<T>[] {
    const items = this.getItems();
    if (query.trim() === '') return items.map((item) => ({ item, match: { score: 0, matches: [] } }));
    const search = prepareFuzzySearch(query);
    const found = items.flatMap((item) => {
      const match = search(this.getItemText(item));
      return match === null ? [] : [{ item, match }];
    });
    return found.sort((a, b) => b.match.score - a.match.score);
  }

  renderSuggestion(value: FuzzyMatch<T>, element: FakeElement): void {
    element.setText(this.getItemText(value.item));
  }

  onChooseSuggestion(value: FuzzyMatch<T>, event: unknown): void {
    this.onChooseItem(value.item, event);
  }

  abstract getItems(): T[];

  abstract getItemText(item: T): string;

  abstract onChooseItem(item: T, event: unknown): void;
}
