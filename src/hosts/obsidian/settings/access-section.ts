import type { SettingRow, SettingSection } from './setting-section';
import type { PathRuleKey, TabContext } from './tab-state';
import { editVaultConfig } from './vault-config-edit';

/**
 * Write access and path rules. They live in the vault configuration (`config.json` in the state
 * folder), not in the plugin's settings, so the headless server and the command line obey the
 * same rules: the tab edits that one file, and the running server applies them at once. Path
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
      pathListRow(context, 'excluded_paths', 'Excluded paths', 'Never served, listed, searched or written: one glob per line, such as Private/** or Journal/*.md. Applies when you select Save.'),
      pathListRow(context, 'read_only_paths', 'Read-only paths', 'Served but never changed, moved or deleted: one glob per line, such as Archive/**. Applies when you select Save.'),
    ],
  };
}

function pathListRow(context: TabContext, key: PathRuleKey, name: string, desc: string): SettingRow {
  const { pathDrafts } = context.state;
  return {
    name,
    desc,
    render: (setting) => {
      const config = context.state.config;
      if (config === null) return;
      // The draft survives redraws (the server's state changes redraw the tab).
      setting.addTextArea((area) =>
        area
          .setPlaceholder('Private/**')
          .setValue(pathDrafts[key] ?? config.access[key].join('\n'))
          .onChange((value) => (pathDrafts[key] = value)),
      );
      setting.addButton((button) => button.setButtonText('Save').onClick(() => void savePathRules(context, key)));
    },
  };
}

async function savePathRules(context: TabContext, key: PathRuleKey): Promise<void> {
  const draft = context.state.pathDrafts[key];
  if (draft === undefined) return;
  const saved = await editVaultConfig(context, { access: { [key]: toGlobs(draft) } });
  // A refused glob keeps the draft, so the user can correct it.
  if (saved !== null && context.state.pathDrafts[key] === draft) delete context.state.pathDrafts[key];
}

/** One glob per non-empty line, trimmed. */
export function toGlobs(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
