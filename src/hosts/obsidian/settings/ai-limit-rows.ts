import { aiConfigSchema } from '../../../core/config/ai-config';
import type { SettingRow } from './setting-section';
import type { TabContext } from './tab-state';
import { editVaultConfig } from './vault-config-edit';

/** The `ai` block's numeric knobs the tab edits. */
type NumberKey = 'max_input_tokens' | 'max_output_tokens' | 'temperature' | 'daily_cost_usd';

/** One numeric knob: empty means the default (shown as the placeholder). */
export interface AiNumberField {
  key: NumberKey;
  name: string;
  desc: string;
  placeholder: string;
}

/**
 * A numeric knob of the vault configuration's `ai` block. A value is saved only once the
 * configuration would accept it (typing 1000 passes through 1, 10 and 100, below the least input
 * cap): no refusal notice at every keystroke.
 */
export function aiNumberRow(context: TabContext, field: AiNumberField): SettingRow {
  return {
    name: field.name,
    desc: field.desc,
    render: (setting) => {
      const config = context.state.config;
      if (config === null) return;
      const value = config.ai[field.key];
      setting.addText((text) => text.setPlaceholder(field.placeholder).setValue(value === undefined || value === null ? '' : String(value)).onChange((typed) => saveNumber(context, field.key, typed)));
    },
  };
}

function saveNumber(context: TabContext, key: NumberKey, typed: string): void {
  const trimmed = typed.trim();
  const value = trimmed === '' ? undefined : Number(trimmed);
  if (value !== undefined && !aiConfigSchema.shape[key].safeParse(value).success) return;
  void editVaultConfig(context, { ai: { [key]: value } });
}

/** Whether results are cached in the state folder (a repeated request costs nothing). */
export function aiCacheRow(context: TabContext): SettingRow {
  return {
    name: 'Reuse results',
    desc: 'Keep AI results in the state folder so the same request on unchanged notes is answered without the provider, at no cost.',
    render: (setting) => {
      const config = context.state.config;
      if (config === null) return;
      setting.addToggle((toggle) => toggle.setValue(config.ai.cache.enabled ?? true).onChange((enabled) => void editVaultConfig(context, { ai: { cache: { enabled } } })));
    },
  };
}
