import type { LinkMap } from '../../vault/vault-host';
import { extensionOf } from '../../vault/paths';

/**
 * The notes within `hops` link steps of `start`, `start` included: breadth-first over resolved
 * links in both directions (the notes it links to and the notes linking to it, as Obsidian's
 * outgoing-links and backlinks panes show them). Only markdown notes are followed; attachments
 * and canvases are left out. Returned in the order reached.
 */
export function linkedNotes(links: LinkMap, start: string, hops: number): string[] {
  const neighbours = neighbourMap(links);
  const reached = new Set([start]);
  let frontier = [start];
  for (let hop = 0; hop < hops && frontier.length > 0; hop += 1) {
    const next: string[] = [];
    for (const path of frontier.flatMap((note) => [...(neighbours.get(note) ?? [])])) {
      if (reached.has(path)) continue;
      reached.add(path);
      next.push(path);
    }
    frontier = next;
  }
  return [...reached];
}

function neighbourMap(links: LinkMap): Map<string, Set<string>> {
  const neighbours = new Map<string, Set<string>>();
  const connect = (from: string, to: string): void => {
    const set = neighbours.get(from) ?? new Set<string>();
    set.add(to);
    neighbours.set(from, set);
  };
  for (const [source, targets] of Object.entries(links)) {
    if (!isNote(source)) continue;
    for (const target of Object.keys(targets)) {
      if (!isNote(target) || target === source) continue;
      connect(source, target);
      connect(target, source);
    }
  }
  return neighbours;
}

function isNote(path: string): boolean {
  return extensionOf(path) === 'md';
}
