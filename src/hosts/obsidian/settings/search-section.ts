import { describeSearch, indexProgress } from '../status-text';
import type { SettingSection } from './setting-section';
import type { TabContext } from './tab-state';

/** The search index's state with its progress, and a rebuild button. */
export function searchSection(context: TabContext): SettingSection {
  const { controls } = context;
  const search = controls.engine.searchStatus();
  return {
    heading: 'Search',
    rows: [
      {
        name: 'Index',
        desc: describeSearch(search),
        render: (setting) => {
          if (search?.state === 'building') setting.addProgressBar((bar) => bar.setValue(indexProgress(search)));
          setting.addExtraButton((button) => button.setIcon('refresh-cw').setTooltip('Refresh').onClick(() => context.refresh()));
        },
      },
      {
        name: 'Rebuild the index',
        desc: 'Throws the saved index away and builds it again from the vault. indx reopens the vault: a running server restarts and connected clients reconnect.',
        render: (setting) => {
          setting.addButton((button) => button.setButtonText('Rebuild').onClick(() => void controls.rebuildSearchIndex().then(() => context.refresh())));
        },
      },
    ],
  };
}
