import type { Setting } from 'obsidian';
import type { EmbeddingProviderName } from '../../../core/config/embedding-settings';
import { toGlobs } from './access-section';
import { defaultBaseUrlOf, PROVIDER_CHOICES, PROVIDER_LABELS, toProviderChoice } from './ai-provider';
import type { PluginSettings } from './plugin-settings';
import type { SettingRow, SettingSection } from './setting-section';
import type { TabContext } from './tab-state';
import { editVaultConfig } from './vault-config-edit';

type AiSettings = PluginSettings['ai'];
type NumberField = 'max_input_tokens' | 'max_output_tokens';

/**
 * The AI provider. Provider, address and embedding model are the vault configuration's
 * `search.embeddings` block (shared with the headless server); the key lives in the app's secret
 * storage where it has one; the chat model, caps and path filters are the plugin's settings.
 * Changes apply when the server restarts.
 */
export function aiSection(context: TabContext): SettingSection {
  return {
    heading: 'AI provider',
    rows: [
      providerRow(context),
      baseUrlRow(context),
      apiKeyRow(context),
      embeddingModelRow(context),
      textRow(context, 'Chat model', 'The model that answers and summarises, as the provider names it.', 'gpt-4.1-mini'),
      numberRow(context, 'max_input_tokens', 'Input token cap', 'The most tokens one request may send.'),
      numberRow(context, 'max_output_tokens', 'Output token cap', 'The most tokens one answer may have.'),
      costRow(context),
      globRow(context, 'allow_globs', 'Paths AI may read', 'One glob per line; empty allows every note.'),
      globRow(context, 'deny_globs', 'Paths AI never reads', 'One glob per line; wins over the allowed paths.'),
    ],
  };
}

function providerRow(context: TabContext): SettingRow {
  return {
    name: 'Provider',
    desc: 'Every provider here speaks the OpenAI-compatible API. Restart the server to apply changes.',
    render: (setting) => {
      const config = context.state.config;
      if (config === null) return void setting.setDesc('Loading…');
      setting.addDropdown((dropdown) => {
        for (const choice of PROVIDER_CHOICES) dropdown.addOption(choice, PROVIDER_LABELS[choice]);
        dropdown.setValue(toProviderChoice(config.search.embeddings.provider)).onChange((value) => {
          const provider = value === 'none' ? undefined : (value as EmbeddingProviderName);
          void editVaultConfig(context, { search: { embeddings: { provider } } }).then(() => context.refresh());
        });
      });
    },
  };
}

function baseUrlRow(context: TabContext): SettingRow {
  const embeddings = context.state.config?.search.embeddings;
  const fallback = defaultBaseUrlOf(toProviderChoice(embeddings?.provider));
  return {
    name: 'Base URL',
    desc: `Up to and including /v1. Empty: ${fallback === '' ? 'none; enter one' : fallback}.`,
    render: (setting) => {
      if (embeddings === undefined) return;
      setting.addText((text) =>
        text
          .setPlaceholder(fallback || 'http://127.0.0.1:8080/v1')
          .setValue(embeddings.base_url ?? '')
          .onChange((value) => {
            const url = value.trim();
            // Saved once it is a whole address, not at every keystroke on the way there.
            if (url === '' || isHttpUrl(url)) void editVaultConfig(context, { search: { embeddings: { base_url: url === '' ? undefined : url } } });
          }),
      );
    },
  };
}

function apiKeyRow(context: TabContext): SettingRow {
  const { apiKey } = context.controls;
  return {
    name: 'API key',
    desc: apiKey.secure ? "Kept in the app's secret storage, never in the plugin's data file or the vault configuration." : "Kept in the plugin's data file: this app version has no secret storage (1.11.4 and later have one).",
    render: (setting: Setting) => {
      setting.addText((text) => {
        text.inputEl.type = 'password';
        text.setPlaceholder('Not needed for local servers').setValue(apiKey.read()).onChange((value) => void apiKey.write(value.trim()));
      });
    },
  };
}

function embeddingModelRow(context: TabContext): SettingRow {
  return {
    name: 'Embedding model',
    desc: 'The model for semantic search; empty keeps search lexical.',
    render: (setting) => {
      const embeddings = context.state.config?.search.embeddings;
      if (embeddings === undefined) return;
      setting.addText((text) =>
        text
          .setPlaceholder('Such as nomic-embed-text')
          .setValue(embeddings.model ?? '')
          .onChange((value) => void editVaultConfig(context, { search: { embeddings: { model: value.trim() === '' ? undefined : value.trim() } } })),
      );
    },
  };
}

function textRow(context: TabContext, name: string, desc: string, placeholder: string): SettingRow {
  return {
    name,
    desc,
    render: (setting) => {
      setting.addText((text) => text.setPlaceholder(placeholder).setValue(context.controls.settingsStore.current.ai.chat_model).onChange((value) => void update(context, { chat_model: value.trim() })));
    },
  };
}

function numberRow(context: TabContext, field: NumberField, name: string, desc: string): SettingRow {
  return {
    name,
    desc,
    render: (setting) => {
      setting.addText((text) =>
        text.setValue(String(context.controls.settingsStore.current.ai[field])).onChange((value) => {
          const number = Number(value.trim());
          if (Number.isInteger(number) && number > 0) void update(context, { [field]: number });
        }),
      );
    },
  };
}

function costRow(context: TabContext): SettingRow {
  return {
    name: 'Daily cost cap',
    desc: 'In dollars per day; requests beyond it are refused. Empty: no cap.',
    render: (setting) => {
      const cap = context.controls.settingsStore.current.ai.daily_cost_usd;
      setting.addText((text) =>
        text.setValue(cap === null ? '' : String(cap)).onChange((value) => {
          const trimmed = value.trim();
          const next = trimmed === '' ? null : Number(trimmed);
          if (next === null || (Number.isFinite(next) && next >= 0)) void update(context, { daily_cost_usd: next });
        }),
      );
    },
  };
}

function globRow(context: TabContext, field: 'allow_globs' | 'deny_globs', name: string, desc: string): SettingRow {
  return {
    name,
    desc,
    render: (setting) => {
      setting.addTextArea((area) =>
        area
          .setPlaceholder('Private/**')
          .setValue(context.controls.settingsStore.current.ai[field].join('\n'))
          .onChange((value) => void update(context, { [field]: toGlobs(value) })),
      );
    },
  };
}

function update(context: TabContext, patch: Partial<AiSettings>): Promise<PluginSettings> {
  return context.controls.settingsStore.update((settings) => ({ ...settings, ai: { ...settings.ai, ...patch } }));
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
