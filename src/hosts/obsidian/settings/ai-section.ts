import { AI_DEFAULTS } from '../../../core/ai/runtime/ai-settings';
import { aiCacheRow, aiNumberRow } from './ai-limit-rows';
import { apiKeyRow, baseUrlRow, chatModelRow, embeddingModelRow, providerRow } from './ai-provider-rows';
import { describeAiStatus } from './ai-status-text';
import { globListRow } from './glob-list-row';
import type { SettingRow, SettingSection } from './setting-section';
import type { TabContext } from './tab-state';

/**
 * The AI provider and its limits. Everything but the key is the vault configuration's `ai` and
 * `search.embeddings` blocks (shared with the headless server and the command line); the key
 * lives in the app's secret storage where it has one. The engine applies chat settings at once;
 * the status line says what is in force.
 */
export function aiSection(context: TabContext): SettingSection {
  return {
    heading: 'AI provider',
    rows: [
      statusRow(context),
      providerRow(context),
      baseUrlRow(context),
      apiKeyRow(context),
      chatModelRow(context),
      embeddingModelRow(context),
      aiNumberRow(context, { key: 'max_input_tokens', name: 'Input token cap', desc: 'The most tokens one request may send; larger scopes are summarised in parts.', placeholder: String(AI_DEFAULTS.max_input_tokens) }),
      aiNumberRow(context, { key: 'max_output_tokens', name: 'Output token cap', desc: 'The most tokens one answer may have.', placeholder: String(AI_DEFAULTS.max_output_tokens) }),
      aiNumberRow(context, { key: 'temperature', name: 'Temperature', desc: 'From 0 (the same answer each time, where the provider allows) to 2.', placeholder: String(AI_DEFAULTS.temperature) }),
      aiNumberRow(context, { key: 'daily_cost_usd', name: 'Daily cost cap', desc: 'In US dollars per day (UTC); requests beyond it are refused. Empty: no cap.', placeholder: 'No cap' }),
      aiCacheRow(context),
      globListRow(context, { draftKey: 'ai.allow_globs', name: 'Paths AI may read', desc: 'Notes the chat model may be sent. One glob per line; empty allows every note. Applies when you select Save.', placeholder: 'Projects/**', current: (config) => config.ai.allow_globs ?? [], patch: (globs) => ({ ai: { allow_globs: globs.length === 0 ? undefined : globs } }) }),
      globListRow(context, { draftKey: 'ai.deny_globs', name: 'Paths AI never reads', desc: 'Notes never sent to any provider: the chat model never reads them and semantic search does not embed them (search by words still finds them). One glob per line; wins over the allowed paths. Applies when you select Save.', placeholder: 'Private/**', current: (config) => config.ai.deny_globs ?? [], patch: (globs) => ({ ai: { deny_globs: globs.length === 0 ? undefined : globs } }) }),
    ],
  };
}

function statusRow(context: TabContext): SettingRow {
  return {
    name: 'AI status',
    desc: describeAiStatus(context.controls.engine.aiSettings()),
    render: (setting) => {
      setting.addExtraButton((button) => button.setIcon('refresh-cw').setTooltip('Refresh').onClick(() => context.refresh()));
    },
  };
}
