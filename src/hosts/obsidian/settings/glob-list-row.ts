import type { VaultConfig } from '../../../core/config/vault-config';
import type { SettingRow } from './setting-section';
import type { TabContext } from './tab-state';
import { editVaultConfig } from './vault-config-edit';

/** A list of globs of the vault configuration, edited as text (one per line) and saved with a button. */
export interface GlobListField {
  /** Where the draft is kept while unsaved (unique per field). */
  draftKey: string;
  name: string;
  desc: string;
  placeholder: string;
  current(config: VaultConfig): readonly string[];
  /** The configuration patch that saves `globs`. */
  patch(globs: string[]): Record<string, unknown>;
}

/**
 * A glob list row: a text area and a Save button. The list applies on Save, never while typing
 * (on the way to `Private/**` the text passes through `**`, which would match every note); the
 * draft survives redraws, and a refused glob keeps it so the user can correct it.
 */
export function globListRow(context: TabContext, field: GlobListField): SettingRow {
  const { pathDrafts } = context.state;
  return {
    name: field.name,
    desc: field.desc,
    render: (setting) => {
      const config = context.state.config;
      if (config === null) return;
      setting.addTextArea((area) =>
        area
          .setPlaceholder(field.placeholder)
          .setValue(pathDrafts[field.draftKey] ?? field.current(config).join('\n'))
          .onChange((value) => (pathDrafts[field.draftKey] = value)),
      );
      setting.addButton((button) => button.setButtonText('Save').onClick(() => void saveGlobs(context, field)));
    },
  };
}

async function saveGlobs(context: TabContext, field: GlobListField): Promise<void> {
  const draft = context.state.pathDrafts[field.draftKey];
  if (draft === undefined) return;
  const saved = await editVaultConfig(context, field.patch(toGlobs(draft)));
  if (saved !== null && context.state.pathDrafts[field.draftKey] === draft) delete context.state.pathDrafts[field.draftKey];
}

/** One glob per non-empty line, trimmed. */
function toGlobs(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
