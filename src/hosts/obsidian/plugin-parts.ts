/**
 * What the plugin needs once the workspace layout is ready: its settings (and the zod schemas
 * that check them), tokens, the engine and server, the settings tab and the commands. Loaded by
 * main.ts at layout-ready through one dynamic import, which esbuild evaluates when it runs, so
 * Obsidian's start evaluates only the plugin's shell (issue 15: evaluation of main.js ≤ 60 ms,
 * onload ≤ 10 ms; `npm run bench:startup`).
 */
export { TokenStore } from '../../core/auth/token-store';
export { readVaultConfig } from '../../core/config/vault-config';
export { buildClientConfig, CLIENTS, isSnippetClient } from '../../server/client-configs';
export { registerAiCommands } from './ai/ai-commands';
export { createEngineAccess } from './ai/engine-access';
export { createApiKeyStore } from './api-key-store';
export { registerCommands } from './commands';
export { ObsidianAppPort } from './obsidian-app-port';
export { PluginEngine } from './plugin-engine';
export { PluginServer } from './plugin-server';
export { createRequestUrlFetch } from './request-url-fetch';
export { resolvePluginEmbeddings } from './settings/ai-provider';
export { SettingsStore } from './settings/settings-store';
export { IndxSettingTab } from './settings/settings-tab';
