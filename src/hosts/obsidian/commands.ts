import type { Plugin } from 'obsidian';
import type { PluginControls } from './plugin-controls';
import { describeSearch, describeServer } from './status-text';

/**
 * The command palette entries. None has a default hotkey (the community guidelines leave hotkeys
 * to the user); start and stop only show when they apply.
 */
export function registerCommands(plugin: Plugin, controls: PluginControls): void {
  plugin.addCommand({
    id: 'copy-client-config',
    name: 'Copy client configuration',
    callback: () => void controls.copyClientConfig(controls.settingsStore.current.client, null),
  });
  plugin.addCommand({
    id: 'start-server',
    name: 'Start server',
    checkCallback: (checking) => whenApplies(checking, isStopped(controls), () => controls.setServerEnabled(true)),
  });
  plugin.addCommand({
    id: 'stop-server',
    name: 'Stop server',
    checkCallback: (checking) => whenApplies(checking, !isStopped(controls), () => controls.setServerEnabled(false)),
  });
  plugin.addCommand({
    id: 'rebuild-search-index',
    name: 'Rebuild search index',
    callback: () => void controls.rebuildSearchIndex(),
  });
  plugin.addCommand({
    id: 'show-server-status',
    name: 'Show server status',
    callback: () => controls.notify(`${describeServer(controls.server.state)} ${describeSearch(controls.engine.searchStatus())}`),
  });
}

function isStopped(controls: PluginControls): boolean {
  const { status } = controls.server.state;
  return status === 'stopped' || status === 'failed';
}

function whenApplies(checking: boolean, applies: boolean, run: () => Promise<void>): boolean {
  if (applies && !checking) void run();
  return applies;
}
