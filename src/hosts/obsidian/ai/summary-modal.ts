import { Modal, Notice, type App } from 'obsidian';
import * as z from 'zod';
import { aiErrorMessage } from './ai-error-message';
import type { EngineAccess } from './engine-access';
import { aiWarningsField, showAiWarnings } from './show-ai-warnings';

/** What the modal reads of `ai_summarize`'s output. */
const summaryOutputSchema = z.object({
  summary: z.object({ tldr: z.string().optional(), text: z.string().default(''), key_points: z.array(z.string()).default([]) }),
  citations: z.array(z.object({ path: z.string(), line: z.number().int().optional(), anchor: z.string().optional(), snippet: z.string().optional() })).default([]),
  warnings: aiWarningsField,
});

type SummaryOutput = z.output<typeof summaryOutputSchema>;
type Citation = SummaryOutput['citations'][number];

/**
 * "AI: summarize current note": asks `ai_summarize` for the note's summary and shows its TL;DR,
 * key points and citations, each citation a link that opens the cited note at the cited line.
 * A failure closes the modal with a notice; closing it cancels the request in flight.
 */
export class SummaryModal extends Modal {
  private readonly aborter = new AbortController();

  constructor(
    app: App,
    private readonly engine: EngineAccess,
    private readonly path: string,
  ) {
    super(app);
  }

  override onOpen(): void {
    this.setTitle(`Summary of ${this.path}`);
    this.contentEl.createDiv({ cls: 'indx-ai-status', text: 'Summarizing…' });
    void this.summarize();
  }

  override onClose(): void {
    this.aborter.abort();
    this.contentEl.empty();
  }

  private async summarize(): Promise<void> {
    try {
      const output = summaryOutputSchema.parse(await this.engine.call('ai_summarize', { scope: { kind: 'note', path: this.path } }, { signal: this.aborter.signal }));
      this.show(output);
    } catch (error: unknown) {
      // Closed meanwhile: the user walked away; nothing to report.
      if (this.aborter.signal.aborted) return;
      new Notice(aiErrorMessage(error));
      this.close();
    }
  }

  private show(output: SummaryOutput): void {
    const { contentEl } = this;
    contentEl.empty();
    const { tldr, text, key_points } = output.summary;
    contentEl.createEl('p', { cls: 'indx-summary-tldr', text: tldr ?? text });
    if (key_points.length > 0) {
      const list = contentEl.createEl('ul', { cls: 'indx-summary-points' });
      for (const point of key_points) list.createEl('li', { text: point });
    }
    this.showCitations(output.citations);
    showAiWarnings(contentEl, output.warnings);
  }

  private showCitations(citations: readonly Citation[]): void {
    if (citations.length === 0) return;
    this.contentEl.createDiv({ cls: 'indx-summary-sources-heading', text: 'Sources' });
    const list = this.contentEl.createEl('ul', { cls: 'indx-summary-sources' });
    for (const citation of citations) {
      const item = list.createEl('li');
      const link = item.createEl('a', { cls: 'internal-link', text: describeCitation(citation), attr: { href: '#' } });
      link.addEventListener('click', (event) => {
        event.preventDefault();
        void this.openCitation(citation);
      });
      if (citation.snippet !== undefined) item.createSpan({ cls: 'indx-summary-snippet', text: ` ${citation.snippet}` });
    }
  }

  /** Opens the cited note scrolled to the cited line (Obsidian's `eState.line`, 0-based like the citation's). */
  private async openCitation(citation: Citation): Promise<void> {
    this.close();
    const state = citation.line === undefined ? undefined : { eState: { line: citation.line } };
    await this.app.workspace.openLinkText(citation.path, '', false, state);
  }
}

/** `Alpha.md, line 4` (lines shown 1-based, as the editor numbers them), or the anchor when there is no line. */
function describeCitation(citation: Citation): string {
  if (citation.line !== undefined) return `${citation.path}, line ${citation.line + 1}`;
  return citation.anchor === undefined ? citation.path : `${citation.path} › ${citation.anchor}`;
}
