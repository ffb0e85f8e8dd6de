import type { VaultHost } from '../vault/vault-host';
import type { CanvasReference } from './list-canvas-references';

/**
 * The vault path a canvas reference points at, or null when nothing is there. A file node's
 * `file` is a vault path, matched exactly as Obsidian's `getAbstractFileByPath` does (no link
 * resolution, case kept); a link in a text node resolves from the canvas like a note's link.
 */
export function resolveCanvasReference(host: VaultHost, reference: Pick<CanvasReference, 'via' | 'target'>, canvasPath: string): string | null {
  if (reference.via === 'text') return host.resolveLink(reference.target, canvasPath);
  const path = reference.target.normalize('NFC');
  return host.stat(path) === null ? null : path;
}
