import { rewriteLinksForMove, type MoveContext } from '../../src/core/links/rewrite-links-for-move';
import { LinkResolver } from '../../src/core/metadata/link-resolver';
import { parseMetadata } from '../../src/core/metadata/parse-metadata';

/** A small in-memory vault: the list of its file paths before a move. */
export interface MoveScenario {
  paths: string[];
  moves: Record<string, string>;
  /** The note whose links are rewritten, by its path before the move. */
  source: string;
  text: string;
}

/** The move of a vault given as paths, with real link resolution before and after it. */
export function moveContextFor(scenario: Pick<MoveScenario, 'paths' | 'moves'>): MoveContext {
  const moves = new Map(Object.entries(scenario.moves));
  const before = new LinkResolver(scenario.paths);
  const after = new LinkResolver(scenario.paths.map((path) => moves.get(path) ?? path));
  return {
    moves,
    resolveBefore: (linkpath, sourcePath) => before.resolve(linkpath, sourcePath),
    resolveAfter: (linkpath, sourcePath) => after.resolve(linkpath, sourcePath),
  };
}

/** Runs `rewriteLinksForMove` for one note of a vault given as paths, with real link resolution. */
export function rewriteInVault(scenario: MoveScenario): { text: string; changed: number } {
  const context = moveContextFor(scenario);
  return rewriteLinksForMove({
    text: scenario.text,
    cache: parseMetadata(scenario.text),
    sourcePathBefore: scenario.source,
    sourcePathAfter: context.moves.get(scenario.source) ?? scenario.source,
    context,
  });
}

/** Resolves `linkpath` from `source` in the vault after the move. */
export function resolveAfterMove(scenario: Pick<MoveScenario, 'paths' | 'moves'>, linkpath: string, source: string): string | null {
  const moves = new Map(Object.entries(scenario.moves));
  return new LinkResolver(scenario.paths.map((path) => moves.get(path) ?? path)).resolve(linkpath, source);
}
