import { compareCodeUnits } from '../ops/compare';
import type { LinkMap } from '../vault/vault-host';

/**
 * The notes that link to or embed each file of `targets`, sorted, from Obsidian's
 * `resolvedLinks` (which counts `[[pic.png]]`, `![[pic.png]]` and `![](pic.png)` alike). One walk
 * over the map, however many targets.
 */
export function linkingNotes(resolvedLinks: LinkMap, targets: ReadonlySet<string>): Map<string, string[]> {
  const sources = new Map<string, string[]>();
  for (const [source, destinations] of Object.entries(resolvedLinks)) {
    for (const destination of Object.keys(destinations)) {
      if (!targets.has(destination)) continue;
      const list = sources.get(destination);
      if (list === undefined) sources.set(destination, [source]);
      else list.push(source);
    }
  }
  for (const list of sources.values()) list.sort(compareCodeUnits);
  return sources;
}
