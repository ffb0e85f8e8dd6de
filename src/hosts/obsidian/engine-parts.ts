/**
 * What opening the vault and serving it need: the engine and its search index, the vault host,
 * the write lock, the HTTP server with MCP and REST. Loaded by {@link loadEngineParts} at
 * layout-ready, not when Obsidian loads main.js: esbuild evaluates a module behind a dynamic
 * import only when the import runs, so zod's schemas, the MCP SDK and express cost nothing at app
 * start (issue 15: evaluation of main.js ≤ 60 ms, onload ≤ 10 ms; `npm run bench:startup`).
 */
export { Engine } from '../../core/engine';
export { describeRecovered } from '../../core/journal/intent-journal';
export { removeSavedIndex } from '../../core/search/persist/index-store';
export { createVectorSearch } from '../../core/search/vectors/create-vector-search';
export { writeDiscovery } from '../../server/discovery/discovery-file';
export { createMcpEndpoint } from '../../server/mcp/create-mcp-endpoint';
export { startServer } from '../../server/start-server';
export { acquirePluginLock } from './acquire-plugin-lock';
export { ObsidianVaultHost } from './obsidian-vault-host';
