import { canvasLinkIndexFor } from '../../canvas/canvas-link-index';
import type { CanvasReference } from '../../canvas/list-canvas-references';
import { resolveCanvasReference } from '../../canvas/resolve-canvas-reference';
import { extensionOf } from '../../vault/paths';
import type { VaultHost } from '../../vault/vault-host';

/**
 * One reference a canvas makes, as Bases counts it: file nodes and links in text nodes are the
 * canvas's `file.links`, embeds in text nodes its `file.embeds`. `linkpath` is the file node's
 * path or the link's path as written; `target` the vault path it resolves to (null when none).
 */
export interface CanvasLink {
  field: 'links' | 'embeds';
  linkpath: string;
  target: string | null;
}

/** Canvas path → its references, resolved, in node order. */
export type CanvasLinks = ReadonlyMap<string, readonly CanvasLink[]>;

/**
 * Reads the references of every canvas of the vault through the host's `CanvasLinkIndex` (so a
 * canvas is parsed again only after it changes) and resolves them from their canvas. Obsidian's
 * `resolvedLinks` leaves canvases out; Bases then count them like `link_backlinks` does.
 */
export async function loadCanvasLinks(host: VaultHost): Promise<CanvasLinks> {
  const index = canvasLinkIndexFor(host);
  const canvases = host.listFiles().map((file) => file.path).filter((path) => extensionOf(path) === 'canvas');
  const links = new Map<string, CanvasLink[]>();
  for (const canvas of canvases) {
    const references = await index.referencesOf(canvas);
    links.set(canvas, references.map((reference) => toCanvasLink(host, reference, canvas)));
  }
  return links;
}

function toCanvasLink(host: VaultHost, reference: CanvasReference, canvas: string): CanvasLink {
  const field = reference.via === 'text' && reference.kind === 'embed' ? 'embeds' : 'links';
  return { field, linkpath: reference.target, target: resolveCanvasReference(host, reference, canvas) };
}
