/** The oldest Node.js the bundled server runs on (express 5, the MCP SDK, `closeAllConnections`, `fetch`). */
export const MINIMUM_NODE_MAJOR = 20;

/** The first Obsidian installer whose Electron ships Node.js 20 (Electron 30). */
const FIRST_INSTALLER_WITH_NODE_20 = '1.6.5';

/**
 * Why the plugin cannot run its server in this app, or null when it can. The app's own version
 * says nothing about Node.js: an old installer keeps its Electron while the app updates itself,
 * so Node.js 16 or 18 can run the newest app; only `process.versions` tells.
 */
export function findRuntimeProblem(versions: Partial<Record<'node' | 'electron', string>>): string | null {
  const node = versions.node ?? '0.0.0';
  const major = Number.parseInt(node, 10);
  if (Number.isInteger(major) && major >= MINIMUM_NODE_MAJOR) return null;
  const electron = versions.electron === undefined ? '' : ` (Electron ${versions.electron})`;
  return (
    `indx needs Node.js ${MINIMUM_NODE_MAJOR} or newer, but this app runs Node.js ${node}${electron} because it was installed ` +
    `with an old installer. Download the current installer (${FIRST_INSTALLER_WITH_NODE_20} or newer) from obsidian.md, install it over this one, then enable indx again.`
  );
}
