import { IndxError } from '../errors';
import { basenameOf } from '../vault/paths';
import type { VaultHost } from '../vault/vault-host';

/** The files a move relocates: old path → new path, and whether a folder moves. */
export interface MovePlan {
  moves: Map<string, string>;
  folder: boolean;
}

/**
 * Expands a move of a file or a folder into the file moves it implies, after checking the source
 * exists, the destination is free and a folder is not moved into itself.
 */
export function planMove(host: VaultHost, from: string, to: string): MovePlan {
  if (from === to) throw new IndxError('invalid_input', `"${from}" is already at that path.`, { from, to });
  if (host.exists(to)) throw new IndxError('already_exists', `Cannot move to "${to}": something is already there. Choose another destination.`, { from, to });
  if (host.stat(from) !== null) return { moves: new Map([[from, to]]), folder: false };
  if (!host.exists(from)) throw new IndxError('not_found', `Nothing to move at "${from}".`, { from });
  if (to.startsWith(`${from}/`)) throw new IndxError('invalid_input', `Cannot move folder "${from}" into itself.`, { from, to });
  const moves = new Map<string, string>();
  for (const file of host.listFiles()) {
    if (file.path.startsWith(`${from}/`)) moves.set(file.path, to + file.path.slice(from.length));
  }
  return { moves, folder: true };
}

/**
 * Notes whose links a move can affect: those linking to a moved file, the moved notes
 * themselves (their relative links), and those linking to a file that shares a name with a
 * file's new path (a bare `[[name]]` could start resolving to the moved file instead).
 */
export function findAffectedSources(host: VaultHost, moves: ReadonlyMap<string, string>): string[] {
  const newNames = new Set([...moves.values()].map((path) => basenameOf(path).toLowerCase()));
  const affects = (target: string) => moves.has(target) || newNames.has(basenameOf(target).toLowerCase());
  const sources = new Set<string>();
  for (const [source, targets] of Object.entries(host.resolvedLinks())) {
    if (moves.has(source) || Object.keys(targets).some(affects)) sources.add(source);
  }
  return [...sources].sort();
}
