import { DEFAULT_PORT } from '../../../core/config/vault-config';
import { PORT_FALLBACKS, type ServerState } from '../plugin-server';
import { describeFallback, describeServer } from '../status-text';
import type { SettingSection } from './setting-section';
import type { TabContext } from './tab-state';

/** Server on/off, port, the fixed loopback address, and the server's state with a restart button. */
export function serverSection(context: TabContext): SettingSection {
  const { controls } = context;
  const state = controls.server.state;
  const configuredPort = context.state.config?.server.port ?? DEFAULT_PORT;
  return {
    heading: 'Server',
    rows: [
      {
        name: 'Run the server',
        desc: 'Serve this vault to local AI agents while the app is open.',
        render: (setting) => {
          setting.addToggle((toggle) => toggle.setValue(controls.settingsStore.current.server.enabled).onChange((enabled) => void controls.setServerEnabled(enabled).then(() => context.refresh())));
        },
      },
      {
        name: 'Port',
        desc: `Port on 127.0.0.1. Leave empty to use the vault's configured port (${configuredPort}), which the command line uses too. When it is taken (another vault open at once), the next free one of the ${PORT_FALLBACKS} after it is used. Restart the server to apply.`,
        render: (setting) => {
          const port = controls.settingsStore.current.server.port;
          setting.addText((text) => text.setPlaceholder(String(configuredPort)).setValue(port === null ? '' : String(port)).onChange((value) => void savePort(context, value)));
          const hint = portHint(state);
          if (hint !== null) setting.setDesc(hint);
        },
      },
      {
        name: 'Address',
        desc: '127.0.0.1 only: the server is never reachable from other machines.',
        render: () => undefined,
      },
      {
        name: 'Status',
        desc: describeServer(state),
        render: (setting) => {
          // With "Run the server" off there is nothing to restart: switching it on starts the server.
          const enabled = (): boolean => controls.settingsStore.current.server.enabled;
          setting.addButton((button) =>
            button
              .setButtonText('Restart')
              .setDisabled(!enabled())
              .onClick(() => {
                if (enabled()) void controls.server.restart().then(() => context.refresh());
              }),
          );
        },
      },
    ],
  };
}

/** What the port row says instead of its description: the port was taken (and which one serves), or the whole range was. */
function portHint(state: ServerState): string | null {
  if (state.status === 'running' && state.port !== state.requestedPort) {
    return `${describeFallback(state)} The stdio relay, the Claude Desktop extension and the command line find the server by vault; HTTP client entries name the port, so copy them again, or enter a port this vault keeps (1024 to 65535) and restart the server.`;
  }
  if (state.status !== 'failed' || state.portsInUse === null) return null;
  const { first, last } = state.portsInUse;
  const taken = first === last ? `Port ${first} is in use by another program` : `Ports ${first} to ${last} are all in use`;
  return `${taken}. Enter a free port (1024 to 65535), then restart the server.`;
}

async function savePort(context: TabContext, value: string): Promise<void> {
  const trimmed = value.trim();
  const port = trimmed === '' ? null : Number(trimmed);
  if (port !== null && (!Number.isInteger(port) || port < 1024 || port > 65535)) return;
  await context.controls.settingsStore.update((settings) => ({ ...settings, server: { ...settings.server, port } }));
}
