// Our engine with note reads served from memory (as Obsidian's cachedRead), beside the real
// disk-reading column: the difference is the Node host's file access, not the index.
import { createIndxAdapter } from './indx';

/** Creates the adapter (see bench/README.md for the interface). */
export function createAdapter() {
  return createIndxAdapter({ readsFromMemory: true });
}
