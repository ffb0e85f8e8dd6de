import type { SettingRow, SettingSection } from './setting-section';
import type { TabContext } from './tab-state';
import { editVaultConfig } from './vault-config-edit';

/**
 * Write access and path rules. They live in the vault configuration (`config.json` in the state
 * folder), not in the plugin's settings, so the headless server and the command line obey the
 * same rules: the tab edits that one file, and the running server applies them at once.
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
      pathListRow(context, 'excluded_paths', 'Excluded paths', 'Never served, listed, searched or written: one glob per line, such as Private/** or Journal/*.md.'),
      pathListRow(context, 'read_only_paths', 'Read-only paths', 'Served but never changed, moved or deleted: one glob per line, such as Archive/**.'),
    ],
  };
}

function pathListRow(context: TabContext, key: 'excluded_paths' | 'read_only_paths', name: string, desc: string): SettingRow {
  return {
    name,
    desc,
    render: (setting) => {
      const config = context.state.config;
      if (config === null) return;
      setting.addTextArea((area) =>
        area
          .setPlaceholder('Private/**')
          .setValue(config.access[key].join('\n'))
          .onChange((value) => void editVaultConfig(context, { access: { [key]: toGlobs(value) } })),
      );
    },
  };
}

/** One glob per non-empty line, trimmed. */
export function toGlobs(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
