import { compareCodeUnits } from '../ops/compare';
import { extensionOf } from '../vault/paths';
import type { VaultEvent, VaultHost } from '../vault/vault-host';
import { listCanvasReferences, type CanvasReference } from './list-canvas-references';
import { resolveCanvasReference } from './resolve-canvas-reference';

/** One canvas referring to a file, with each reference. */
export interface CanvasBacklink {
  source: string;
  count: number;
  links: { original: string; line: number; kind: 'link' | 'embed' }[];
}

/** A canvas's references and the stat (`mtime:size`) of the text they were read from. */
interface CachedCanvas {
  signature: string;
  references: CanvasReference[];
}

/**
 * The references of a vault's canvases, kept in memory. Obsidian's `resolvedLinks` has no
 * canvases, so the core reads `.canvas` files itself: the list of canvases is taken from the
 * host once and again only after files are created, deleted or renamed; each canvas is parsed
 * once and again only after an event for it or a change of its mtime or size. A query costs one
 * `stat` per canvas plus resolving their references, whatever the number of notes.
 */
export class CanvasLinkIndex {
  private canvases: string[] | null = null;
  private readonly cache = new Map<string, CachedCanvas>();

  constructor(private readonly host: VaultHost) {
    host.on((event) => this.forget(event));
  }

  /** Every canvas with a reference resolving to `path`, sorted by canvas path. */
  async backlinksTo(path: string): Promise<CanvasBacklink[]> {
    const backlinks: CanvasBacklink[] = [];
    for (const source of this.listCanvases()) {
      if (source === path) continue;
      const references = (await this.referencesOf(source)).filter((reference) => resolveCanvasReference(this.host, reference, source) === path);
      if (references.length > 0) backlinks.push({ source, count: references.length, links: references.map(({ original, line, kind }) => ({ original, line, kind })) });
    }
    return backlinks;
  }

  /** The references of one canvas, read from the host unless cached for its current stat. */
  async referencesOf(canvas: string): Promise<CanvasReference[]> {
    const stat = this.host.stat(canvas);
    if (stat === null) return [];
    const signature = `${stat.mtime}:${stat.size}`;
    const cached = this.cache.get(canvas);
    if (cached?.signature === signature) return cached.references;
    const references = await this.host.read(canvas).then(listCanvasReferences, () => []);
    this.cache.set(canvas, { signature, references });
    return references;
  }

  private listCanvases(): string[] {
    if (this.canvases !== null) return this.canvases;
    const canvases = this.host.listFiles().map((file) => file.path).filter((path) => extensionOf(path) === 'canvas').sort(compareCodeUnits);
    const listed = new Set(canvases);
    for (const path of this.cache.keys()) if (!listed.has(path)) this.cache.delete(path);
    return (this.canvases = canvases);
  }

  private forget(event: VaultEvent): void {
    if (event.type !== 'modify' && event.type !== 'metadata') this.canvases = null;
    this.cache.delete(event.path);
    if (event.type === 'rename') this.cache.delete(event.oldPath);
  }
}

const indexes = new WeakMap<VaultHost, CanvasLinkIndex>();

/** The canvas link index of `host`, made (and subscribed to its events) on first use. */
export function canvasLinkIndexFor(host: VaultHost): CanvasLinkIndex {
  let index = indexes.get(host);
  if (index === undefined) indexes.set(host, (index = new CanvasLinkIndex(host)));
  return index;
}
