import type { LinkMap, VaultHost } from './vault-host';

/** How many links a vault's link maps count: every count in `resolvedLinks` and in `unresolvedLinks`. */
export interface LinkTotals {
  resolved: number;
  unresolved: number;
}

/** The sum of one note's entry in a link map (0 for none). */
export function sumTargetCounts(targets: Readonly<Record<string, number>> | undefined): number {
  let total = 0;
  for (const target in targets) total += targets[target] ?? 0;
  return total;
}

/** The sum of every count in a link map: a walk over every link, for hosts that keep no running total. */
export function sumLinkMap(map: LinkMap): number {
  let total = 0;
  for (const source in map) total += sumTargetCounts(map[source]);
  return total;
}

/** Both link maps of `host` summed: the totals of a host that keeps no running ones. */
export function sumLinkTotals(host: Pick<VaultHost, 'resolvedLinks' | 'unresolvedLinks'>): LinkTotals {
  return { resolved: sumLinkMap(host.resolvedLinks()), unresolved: sumLinkMap(host.unresolvedLinks()) };
}
