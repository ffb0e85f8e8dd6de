import { Notice, type Setting } from 'obsidian';
import { aiConfigSchema } from '../../../core/config/ai-config';
import type { EmbeddingProviderName } from '../../../core/config/embedding-settings';
import type { VaultConfig } from '../../../core/config/vault-config';
import { baseUrlInForce, defaultBaseUrlOf, PROVIDER_CHOICES, PROVIDER_LABELS, providerInForce } from './ai-provider';
import type { SettingRow } from './setting-section';
import type { TabContext } from './tab-state';
import { editVaultConfig } from './vault-config-edit';

/**
 * Provider: one for both roles. It is the vault configuration's `ai.provider` (the chat) and,
 * once an embedding model is set, `search.embeddings.provider` too; None clears both blocks'
 * provider, address and models, since a model without a provider would mean OpenAI.
 */
export function providerRow(context: TabContext): SettingRow {
  return {
    name: 'Provider',
    desc: 'Every provider here speaks the OpenAI-compatible API. Chat settings apply at once; semantic search picks up changes at the next Restart (under Server) or index rebuild.',
    render: (setting) => {
      const config = context.state.config;
      if (config === null) return void setting.setDesc('Loading…');
      setting.addDropdown((dropdown) => {
        for (const choice of PROVIDER_CHOICES) dropdown.addOption(choice, PROVIDER_LABELS[choice]);
        dropdown.setValue(providerInForce(config)).onChange((value) => {
          const patch = value === 'none' ? NO_PROVIDER : (current: VaultConfig) => providerPatch(current, value as EmbeddingProviderName);
          void editVaultConfig(context, patch).then(() => context.refresh());
        });
      });
    },
  };
}

const NO_PROVIDER = {
  ai: { provider: undefined, base_url: undefined, model: undefined },
  search: { embeddings: { provider: undefined, base_url: undefined, model: undefined } },
};

function providerPatch(config: VaultConfig, provider: EmbeddingProviderName): Record<string, unknown> {
  return { ai: { provider }, ...embeddingsPatch(config, { provider }) };
}

/** The same change for the embeddings block, when embeddings are set up (a provider alone would be half a configuration). */
function embeddingsPatch(config: VaultConfig, change: Record<string, unknown>): Record<string, unknown> {
  return config.search.embeddings.model === undefined ? {} : { search: { embeddings: change } };
}

/** Base URL up to /v1, shared by both roles like the provider; saved once it is a whole address. */
export function baseUrlRow(context: TabContext): SettingRow {
  const config = context.state.config;
  const fallback = config === null ? '' : defaultBaseUrlOf(providerInForce(config));
  return {
    name: 'Base URL',
    desc: `Up to and including /v1. Empty: ${fallback === '' ? 'none; enter one' : fallback}.`,
    render: (setting) => {
      if (config === null || providerInForce(config) === 'none') return;
      setting.addText((text) =>
        text
          .setPlaceholder(fallback || 'http://127.0.0.1:8080/v1')
          .setValue(baseUrlInForce(config))
          .onChange((value) => {
            const url = value.trim() === '' ? undefined : value.trim();
            // Saved once it is a whole address, not at every keystroke on the way there.
            if (url !== undefined && !aiConfigSchema.shape.base_url.safeParse(url).success) return;
            void editVaultConfig(context, (current) => ({ ai: { base_url: url }, ...embeddingsPatch(current, { base_url: url }) }));
          }),
      );
    },
  };
}

/** The key, in the app's secret storage; the running engine reads it again at once. */
export function apiKeyRow(context: TabContext): SettingRow {
  const { apiKey } = context.controls;
  return {
    name: 'API key',
    desc: apiKey.secure ? "Kept in the app's secret storage, never in the plugin's data file or the vault configuration." : "Kept in the plugin's data file: this app version has no secret storage (1.11.4 and later have one).",
    render: (setting: Setting) => {
      setting.addText((text) => {
        text.inputEl.type = 'password';
        text.setPlaceholder('Not needed for local servers').setValue(apiKey.read());
        // Saved when the field is left, not on every keystroke (each save rebuilds the provider).
        text.inputEl.addEventListener('blur', () => void saveKey(context, text.getValue().trim()));
      });
    },
  };
}

async function saveKey(context: TabContext, key: string): Promise<void> {
  try {
    await context.controls.apiKey.write(key);
    await context.controls.vaultConfigChanged();
  } catch (error: unknown) {
    new Notice(`indx could not save the API key: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The chat model (`ai.model`): what answers, summarises and builds maps of content. */
export function chatModelRow(context: TabContext): SettingRow {
  return modelRow(context, {
    name: 'Chat model',
    desc: 'The model that answers, summarises and builds maps of content, as the provider names it.',
    placeholder: 'Such as gpt-4.1-mini or llama3.2',
    current: (config) => config.ai.model,
    patch: (_config, model) => ({ ai: { model } }),
  });
}

/** The embedding model: setting it sets up `search.embeddings` with the provider in force; emptying it switches semantic search off. */
export function embeddingModelRow(context: TabContext): SettingRow {
  return modelRow(context, {
    name: 'Embedding model',
    desc: 'The model for semantic search; empty keeps search lexical. Applies at the next Restart (under Server) or index rebuild.',
    placeholder: 'Such as nomic-embed-text',
    current: (config) => config.search.embeddings.model,
    patch: (config, model) => ({ search: { embeddings: model === undefined ? { provider: undefined, base_url: undefined, model } : { provider: config.ai.provider ?? config.search.embeddings.provider, base_url: baseUrlInForce(config) || undefined, model } } }),
  });
}

interface ModelField {
  name: string;
  desc: string;
  placeholder: string;
  current(config: VaultConfig): string | undefined;
  patch(config: VaultConfig, model: string | undefined): Record<string, unknown>;
}

function modelRow(context: TabContext, field: ModelField): SettingRow {
  return {
    name: field.name,
    desc: field.desc,
    render: (setting) => {
      const config = context.state.config;
      if (config === null) return;
      if (providerInForce(config) === 'none') return void setting.setDesc('Choose a provider first.');
      setting.addText((text) =>
        text
          .setPlaceholder(field.placeholder)
          .setValue(field.current(config) ?? '')
          .onChange((value) => void editVaultConfig(context, (current) => field.patch(current, value.trim() === '' ? undefined : value.trim()))),
      );
    },
  };
}
