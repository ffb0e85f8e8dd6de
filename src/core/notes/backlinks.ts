import { canvasLinkIndexFor } from '../canvas/canvas-link-index';
import { compareCodeUnits } from '../ops/compare';
import type { VaultHost } from '../vault/vault-host';
import { listForwardLinks } from './forward-links';

/** One note or canvas that links to the target, with each linking reference. */
export interface Backlink {
  source: string;
  count: number;
  links: { original: string; line: number | null; kind: 'link' | 'embed' | 'frontmatter' }[];
}

/**
 * Every note and canvas linking to `path` (self-links excluded), sorted by source path. Notes
 * come from the host's `resolvedLinks`; canvases, which Obsidian's link maps leave out, from
 * their file nodes and the links in their text nodes (see `CanvasLinkIndex`).
 */
export async function listBacklinks(host: VaultHost, path: string): Promise<Backlink[]> {
  const fromCanvases = await canvasLinkIndexFor(host).backlinksTo(path);
  return [...listNoteBacklinks(host, path), ...fromCanvases].sort((a, b) => compareCodeUnits(a.source, b.source));
}

function listNoteBacklinks(host: VaultHost, path: string): Backlink[] {
  const backlinks: Backlink[] = [];
  for (const [source, targets] of Object.entries(host.resolvedLinks())) {
    if (source === path || targets[path] === undefined) continue;
    const cache = host.getMetadata(source);
    const links = cache === null ? [] : listForwardLinks(host, source, cache).filter((link) => link.target === path);
    backlinks.push({ source, count: targets[path], links: links.map(({ original, line, kind }) => ({ original, line, kind })) });
  }
  return backlinks;
}
