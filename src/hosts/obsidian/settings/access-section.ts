import { globListRow } from './glob-list-row';
import type { SettingSection } from './setting-section';
import type { TabContext } from './tab-state';
import { editVaultConfig } from './vault-config-edit';

/**
 * Write access and path rules. They live in the vault configuration (`config.json` in the state
 * folder), not in the plugin's settings, so the headless server and the command line obey the
 * same rules: the tab edits that one file, and the open engine applies them at once. Path
 * rules apply on Save, never while typing: on the way to `Private/**` the text passes through
 * `**`, which would hide, then show again, every note.
 */
export function accessSection(context: TabContext): SettingSection {
  return {
    heading: 'Vault access',
    rows: [
      {
        name: 'Allow writes',
        desc: 'When off, every change through indx is refused, whatever a token allows.',
        render: (setting) => {
          const config = context.state.config;
          if (config === null) return void setting.setDesc('Loading…');
          setting.addToggle((toggle) => toggle.setValue(config.access.write_enabled).onChange((enabled) => void editVaultConfig(context, { access: { write_enabled: enabled } })));
        },
      },
      globListRow(context, {
        draftKey: 'access.excluded_paths',
        name: 'Excluded paths',
        desc: 'Never served, listed, searched or written: one glob per line, such as Private/** or Journal/*.md. Applies when you select Save.',
        placeholder: 'Private/**',
        current: (config) => config.access.excluded_paths,
        patch: (globs) => ({ access: { excluded_paths: globs } }),
      }),
      globListRow(context, {
        draftKey: 'access.read_only_paths',
        name: 'Read-only paths',
        desc: 'Served but never changed, moved or deleted: one glob per line, such as Archive/**. Applies when you select Save.',
        placeholder: 'Archive/**',
        current: (config) => config.access.read_only_paths,
        patch: (globs) => ({ access: { read_only_paths: globs } }),
      }),
    ],
  };
}
