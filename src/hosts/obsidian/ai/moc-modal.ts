import { Component, MarkdownRenderer, Modal, normalizePath, Notice, Setting, type App, type ButtonComponent } from 'obsidian';
import * as z from 'zod';
import { isIndxError } from '../../../core/errors';
import { aiErrorMessage } from './ai-error-message';
import type { EngineAccess } from './engine-access';
import { defaultMocPath, defaultMocTitle, describeMocSource, mocScopeOf, type MocSource } from './moc-source';
import { aiWarningsField, showAiWarnings } from './show-ai-warnings';

/** The groupings offered, as `ai_toc`'s `group_by` names them. */
const GROUPINGS = { topic: 'Topic (the model groups them)', tag: 'Tag', folder: 'Folder' } as const;

/** What the modal reads of `ai_toc`'s output. */
const tocOutputSchema = z.object({
  toc_markdown: z.string(),
  written: z.object({ path: z.string(), etag: z.string() }).optional(),
  warnings: aiWarningsField,
});

type TocOutput = z.output<typeof tocOutputSchema>;

/**
 * The second step of "AI: build MOC": how to group the notes of the chosen folder or tag, the
 * map's title and the note it goes to. Preview asks `ai_toc` for the map and renders it here;
 * Write asks again with `write` (the AI cache answers the same input for free: both leave the
 * target out with `exclude_paths`, so a map being rebuilt never lists itself), guarded by the
 * target's ETag when it exists (or as a create-only write when it does not), then opens the
 * note. Failures show as notices; closing the modal cancels a request in flight.
 */
export class MocModal extends Modal {
  private groupBy: keyof typeof GROUPINGS = 'topic';
  private title: string;
  private target: string;
  private readonly renderer = new Component();
  private readonly aborter = new AbortController();
  private readonly buttons: ButtonComponent[] = [];
  private statusEl: HTMLElement | null = null;
  private previewEl: HTMLElement | null = null;

  constructor(
    app: App,
    private readonly engine: EngineAccess,
    private readonly source: MocSource,
  ) {
    super(app);
    this.title = defaultMocTitle(source, app.vault.getName());
    this.target = defaultMocPath(source);
  }

  override onOpen(): void {
    this.setTitle(`Map of content for ${describeMocSource(this.source)}`);
    this.renderer.load();
    const { contentEl } = this;
    new Setting(contentEl).setName('Group by').addDropdown((dropdown) => dropdown.addOptions(GROUPINGS).setValue(this.groupBy).onChange((value) => (this.groupBy = value as keyof typeof GROUPINGS)));
    new Setting(contentEl).setName('Title').addText((text) => text.setValue(this.title).onChange((value) => (this.title = value.trim())));
    const targetRow = new Setting(contentEl).setName('Note');
    targetRow.addText((text) => text.setValue(this.target).onChange((value) => this.setTarget(value, targetRow)));
    this.describeTarget(targetRow);
    new Setting(contentEl)
      .addButton((button) => this.track(button).setButtonText('Preview').onClick(() => void this.preview()))
      .addButton((button) => this.track(button).setButtonText('Write').setCta().onClick(() => void this.write()));
    this.statusEl = contentEl.createDiv({ cls: 'indx-ai-status' });
    this.previewEl = contentEl.createDiv({ cls: 'indx-moc-preview markdown-rendered' });
  }

  override onClose(): void {
    this.aborter.abort();
    this.renderer.unload();
    this.contentEl.empty();
  }

  private async preview(): Promise<void> {
    const output = await this.run(this.tocInput());
    if (output === null || this.previewEl === null) return;
    this.previewEl.empty();
    await MarkdownRenderer.render(this.app, output.toc_markdown, this.previewEl, this.targetPath(), this.renderer);
    showAiWarnings(this.previewEl, output.warnings);
  }

  private async write(): Promise<void> {
    const path = this.targetPath();
    const precondition = await this.preconditionFor(path);
    if (precondition === null) return;
    const output = await this.run({ ...this.tocInput(), write: { path, ...precondition } });
    if (output?.written === undefined) return;
    new Notice(`Wrote the map of content to ${output.written.path}.`);
    this.close();
    await this.app.workspace.openLinkText(output.written.path, '', false);
  }

  private tocInput(): Record<string, unknown> {
    return { mode: 'moc', scope: mocScopeOf(this.source), group_by: this.groupBy, exclude_paths: [this.targetPath()], ...(this.title === '' ? {} : { title: this.title }) };
  }

  /** The target's ETag when it exists (the write replaces exactly what is there now), else a create-only write. */
  private async preconditionFor(path: string): Promise<{ if_match: string } | { if_not_exists: true } | null> {
    try {
      const note = z.object({ etag: z.string() }).parse(await this.engine.call('note_read', { path, include: [] }));
      return { if_match: note.etag };
    } catch (error: unknown) {
      if (isIndxError(error, 'not_found')) return { if_not_exists: true };
      new Notice(aiErrorMessage(error));
      return null;
    }
  }

  private async run(input: Record<string, unknown>): Promise<TocOutput | null> {
    this.setBusy(true);
    try {
      return tocOutputSchema.parse(await this.engine.call('ai_toc', input, { signal: this.aborter.signal }));
    } catch (error: unknown) {
      // Closed meanwhile: the user walked away; nothing to report.
      if (!this.aborter.signal.aborted) new Notice(aiErrorMessage(error));
      return null;
    } finally {
      this.setBusy(false);
    }
  }

  private setTarget(value: string, row: Setting): void {
    this.target = value.trim();
    this.describeTarget(row);
  }

  private describeTarget(row: Setting): void {
    const path = this.targetPath();
    const exists = this.app.vault.getFileByPath(path) !== null;
    row.setDesc(exists ? `${path} exists: Write replaces it.` : `Write creates ${path}.`);
  }

  /** The target as a vault path ending in `.md`. */
  private targetPath(): string {
    const path = normalizePath(this.target === '' ? defaultMocPath(this.source) : this.target);
    return path.toLowerCase().endsWith('.md') ? path : `${path}.md`;
  }

  private track(button: ButtonComponent): ButtonComponent {
    this.buttons.push(button);
    return button;
  }

  private setBusy(busy: boolean): void {
    for (const button of this.buttons) button.setDisabled(busy);
    this.statusEl?.setText(busy ? 'Building the map of content…' : '');
  }
}
