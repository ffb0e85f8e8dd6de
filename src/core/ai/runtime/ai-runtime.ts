import type { AiConfig } from '../../config/ai-config';
import type { EmbeddingSettings } from '../../config/embedding-settings';
import type { Storage } from '../../vault/storage';
import type { FetchFunction } from '../openai-compatible';
import type { ChatProvider } from '../chat/chat-provider';
import { createChat } from '../chat/create-chat';
import { createTestModeFetch } from '../chat/test-mode-fetch';
import type { AiCache } from './ai-cache';
import type { AiSettings, ChatProviderConfig } from './ai-settings';
import { resolveAiSettings } from './resolve-ai-settings';
import type { SpendLedger } from './spend-ledger';
import { StorageAiCache } from './storage-ai-cache';
import { StorageSpendLedger } from './storage-spend-ledger';

/** Builds the chat provider of a configuration (default: the OpenAI-compatible one). */
export type ChatFactory = (config: ChatProviderConfig, settings: AiSettings, fetch: FetchFunction | undefined) => ChatProvider;

/** How a host sets up the AI runtime. */
export interface AiRuntimeOptions {
  /** `INDX_AI_*`, `INDX_EMBEDDINGS_*`, `AI_TEST_*` variables (the process's headless; none in the plugin). */
  environment?: Readonly<Record<string, string | undefined>>;
  /** A key from the app's secret storage, used when the environment has none. */
  secretKey?: () => string | undefined;
  /** How provider requests leave (Obsidian's requestUrl in the app; global fetch headless). */
  fetch?: FetchFunction;
  /** False where `fetch` cannot stream (requestUrl): streamed calls answer once with stream_unsupported. */
  canStream?: boolean;
  /** Replaces the OpenAI-compatible chat provider (tests with scripted models). */
  createChat?: ChatFactory;
  /** Where AI_TEST_RECORD=1 writes provider exchanges and AI_TEST_REPLAY=1 reads them (default: `ai-fixtures/` in the state folder). */
  fixtures?: Storage;
}

/** Whether embeddings (semantic search) are available to the runtime. */
export type EmbeddingsProbe = () => boolean;

/**
 * The AI runtime of one engine (seed 002): its settings (environment and vault configuration
 * combined), the chat provider they name, the result cache and the daily spend ledger. The
 * engine re-applies the configuration on every reload; operations reach the runtime through
 * their context and run model calls through `runAiCall`.
 */
export class AiRuntime {
  readonly cache: AiCache;
  readonly ledger: SpendLedger;
  private current: { settings: AiSettings; chat: ChatProvider | null; embeddingsProvider: string | null };
  /** What the current settings were made from: a reload with the same sources keeps the provider. */
  private sources = '';
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly storage: Storage,
    private readonly options: AiRuntimeOptions,
    private readonly embeddingsProbe: EmbeddingsProbe,
    private readonly clock: () => number,
  ) {
    this.cache = new StorageAiCache(storage, clock);
    this.ledger = new StorageSpendLedger(storage, clock);
    this.current = { settings: this.resolve({ cache: {} }, {}), chat: null, embeddingsProvider: null };
  }

  /** The settings in force. */
  get settings(): AiSettings {
    return this.current.settings;
  }

  /** The chat model, or null when none is configured or the runtime is switched off. */
  get chat(): ChatProvider | null {
    return this.current.chat;
  }

  /** The embeddings provider named by the environment or the configuration (semantic search), or null. */
  get embeddingsProvider(): string | null {
    return this.current.embeddingsProvider;
  }

  /** Whether semantic (and so hybrid) search works. */
  get embeddings(): boolean {
    return this.current.settings.enabled && this.embeddingsProbe();
  }

  /** Whether any AI tool is offered: switched on, with a chat model or embeddings. */
  get available(): boolean {
    return this.current.settings.enabled && (this.current.chat !== null || this.embeddingsProbe());
  }

  /**
   * Applies the vault configuration's `ai` and `search.embeddings` blocks (with the environment
   * and the secret key as they are now). Unchanged sources keep the current provider.
   */
  configure(ai: AiConfig, embeddings: EmbeddingSettings): void {
    const sources = JSON.stringify([ai, embeddings, this.options.secretKey?.() ?? null]);
    if (sources === this.sources) return;
    this.sources = sources;
    const settings = this.resolve(ai, embeddings);
    const embeddingsProvider = (this.options.environment?.INDX_EMBEDDINGS_PROVIDER ?? '').trim() || (embeddings.provider ?? null);
    const offeredBefore = this.offering();
    this.current = { settings, chat: settings.enabled && settings.chat !== null ? this.createChat(settings.chat, settings) : null, embeddingsProvider };
    if (this.offering() !== offeredBefore) for (const listener of this.listeners) listener();
  }

  /**
   * Subscribes to changes of what the runtime offers (AI switched on or off, a chat model
   * configured or removed), so long-lived MCP sessions can update their tool list; returns the
   * unsubscribe function.
   */
  onOfferChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private offering(): string {
    return `${this.available}/${this.current.chat !== null}`;
  }

  private resolve(ai: AiConfig, embeddings: EmbeddingSettings): AiSettings {
    return resolveAiSettings({ environment: this.options.environment ?? {}, config: ai, embeddings, secretKey: this.options.secretKey?.() });
  }

  private createChat(config: ChatProviderConfig, settings: AiSettings): ChatProvider {
    const environment = this.options.environment ?? {};
    const fetch = createTestModeFetch({ environment, fetch: this.options.fetch, fixtures: this.options.fixtures ?? this.storage });
    const factory = this.options.createChat ?? ((chatConfig, chatSettings, chatFetch) => createChat({ config: chatConfig, settings: chatSettings, fetch: chatFetch, canStream: this.options.canStream ?? true }));
    return factory(config, settings, fetch);
  }
}
