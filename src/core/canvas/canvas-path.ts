import { IndxError } from '../errors';
import { extensionOf, toVaultPath } from '../vault/paths';

/**
 * Like `toVaultPath`, for a canvas: a path ending in `.canvas` is kept, a name without extension
 * gets `.canvas` appended, and any other extension is refused with `invalid_path`. Obsidian opens
 * a file as a canvas only when its extension is exactly `canvas` (case-sensitive, like `md`), so
 * "a.md" must not quietly become the new, empty canvas "a.md.canvas", nor "Plan.CANVAS" become
 * "Plan.CANVAS.canvas". A name with a dot of its own ("Plan v1.2") is written out in full.
 */
export function toCanvasPath(input: unknown): string {
  const path = toVaultPath(input);
  const extension = extensionOf(path);
  if (extension === 'canvas') return path;
  if (extension === '') return `${path}.canvas`;
  const suggestion = extension.toLowerCase() === 'canvas' ? `${path.slice(0, -extension.length)}canvas` : `${path}.canvas`;
  const reason = `the extension is ".${extension}", not ".canvas"`;
  throw new IndxError('invalid_path', `Invalid canvas path "${path}": ${reason}. Obsidian opens only files ending in ".canvas" (lowercase) as canvases; pass "${suggestion}" to mean that file.`, { path, reason });
}
