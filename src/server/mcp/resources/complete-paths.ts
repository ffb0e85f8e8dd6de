import type { Engine } from '../../../core/engine';
import { compareCodeUnits } from '../../../core/ops/compare';
import { safeDecodeUriPart } from './uri-path';

/** The most values one completion returns (the MCP limit). */
export const COMPLETION_LIMIT = 100;

/**
 * Vault paths that start with `value` (case-insensitive; a percent-encoded value is decoded
 * first), sorted, at most 100. `accept` narrows the candidates (e.g. notes only).
 */
export async function completePaths(engine: Engine, value: string, accept: (path: string) => boolean = () => true): Promise<string[]> {
  const prefix = safeDecodeUriPart(value).toLowerCase();
  const paths = engine.host
    .listFiles()
    .map((file) => file.path)
    .filter((path) => accept(path) && path.toLowerCase().startsWith(prefix))
    .sort(compareCodeUnits);
  return paths.slice(0, COMPLETION_LIMIT);
}

