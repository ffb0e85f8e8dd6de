import { realpathSync } from 'node:fs';
import { sep } from 'node:path';
import type { Launcher } from '../../../../../src/server/clients/client-entries';

/** The programs a stdio entry should start, and a warning when they may not last. */
export interface LauncherChoice {
  launcher: Launcher;
  /** Why the paths may disappear (npx's cache), or null. */
  warning: string | null;
}

/**
 * The `node` running this command and the real path of the `indx` script it runs: what a stdio
 * entry starts, so the client needs no `npx` and fetches nothing at launch. Run from npx's cache,
 * the script may be deleted by npm later: that is said in `warning`.
 */
export function currentLauncher(argv: readonly string[] = process.argv, node: string = process.execPath): LauncherChoice {
  const script = realpathSync(argv[1] ?? __filename);
  const cached = script.includes(`${sep}_npx${sep}`);
  const warning = cached ? `indx runs from npm's npx cache (${script}), which npm may clear: install indx first (npm install --global indx-mcp-<version>.tgz from a release), then run "indx mcp install" again.` : null;
  return { launcher: { node, script }, warning };
}
