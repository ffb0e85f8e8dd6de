// The notes of a vault folder as the server phase sees them: shared by bench/server.mjs (which
// samples queries from them) and the MiniSearch child (which indexes them), so both read one set.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every .md file under `root` (names starting with a dot skipped, as Obsidian does), as sorted relative POSIX paths. */
export function listVaultMarkdown(root) {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.md')) found.push(relative(root, full).split('\\').join('/'));
    }
  };
  walk(root);
  return found.sort();
}
