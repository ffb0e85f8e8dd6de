import { toVaultPath } from '../vault/paths';

/** Like `toVaultPath`, and appends `.canvas` when the path does not already end with it. */
export function toCanvasPath(input: unknown): string {
  const path = toVaultPath(input);
  return path.endsWith('.canvas') ? path : `${path}.canvas`;
}
