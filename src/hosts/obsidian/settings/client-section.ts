import { CLIENTS, type ClientId } from '../../../server/client-configs';
import type { SettingSection } from './setting-section';
import type { TabContext } from './tab-state';

/** Pick a client and copy its ready-to-paste configuration. */
export function clientSection(context: TabContext): SettingSection {
  const { controls } = context;
  const chosen = controls.settingsStore.current.client;
  const description = CLIENTS.find((client) => client.id === chosen) ?? CLIENTS[0];
  const created = context.state.created;
  return {
    heading: 'Clients',
    rows: [
      {
        name: 'Client',
        desc: `Where it goes: ${description?.destination ?? ''}.`,
        render: (setting) => {
          setting.addDropdown((dropdown) => {
            for (const client of CLIENTS) dropdown.addOption(client.id, client.label);
            dropdown.setValue(chosen).onChange((value) => void controls.settingsStore.update((settings) => ({ ...settings, client: value as ClientId })).then(() => context.refresh()));
          });
        },
      },
      description?.delivery === 'bundle'
        ? {
            name: 'Claude Desktop extension',
            desc: 'Saves a one-click extension (.mcpb) for this vault to your Downloads folder and opens it with Claude Desktop, which asks for an access token: create one above and copy it.',
            render: (setting) => {
              setting.addButton((button) => button.setButtonText('Save and open').onClick(() => void controls.saveClaudeBundle()));
            },
          }
        : {
            name: 'Copy configuration',
            desc:
              created === null
                ? 'Copies a ready-to-paste snippet with <TOKEN> where the token goes: replace it with the secret of a token you created.'
                : `Copies a ready-to-paste snippet with the secret of "${created.name}".`,
            render: (setting) => {
              setting.addButton((button) => button.setButtonText('Copy').onClick(() => void controls.copyClientConfig(chosen, created?.token ?? null)));
            },
          },
    ],
  };
}
