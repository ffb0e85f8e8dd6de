import { FuzzySuggestModal, type App } from 'obsidian';
import { describeMocSource, type MocSource } from './moc-source';

/**
 * The first step of "AI: build MOC": a fuzzy picker over the vault's folders and tags (folders
 * first, each list in the order given). Choosing one hands it to `onChoose`.
 */
export class MocSourceModal extends FuzzySuggestModal<MocSource> {
  constructor(
    app: App,
    private readonly sources: readonly MocSource[],
    private readonly onChoose: (source: MocSource) => void,
  ) {
    super(app);
    this.setPlaceholder('Folder or tag to map');
    this.setInstructions([
      { command: '↵', purpose: 'to choose' },
      { command: 'esc', purpose: 'to dismiss' },
    ]);
  }

  getItems(): MocSource[] {
    return [...this.sources];
  }

  getItemText(source: MocSource): string {
    return describeMocSource(source);
  }

  onChooseItem(source: MocSource): void {
    this.onChoose(source);
  }
}
