import { createChat } from '../../../src/core/ai/chat/create-chat';
import type { ChatProvider } from '../../../src/core/ai/chat/chat-provider';
import type { FetchFunction } from '../../../src/core/ai/openai-compatible';
import type { AiSettings, ChatProviderConfig } from '../../../src/core/ai/runtime/ai-settings';
import { resolveAiSettings } from '../../../src/core/ai/runtime/resolve-ai-settings';

/** The key the provider tests configure: it must never show up in errors or fixtures. */
export const TEST_API_KEY = 'sk-test-secret-0123456789';

/** A chat completion request body as the fake server records it (the fields the tests read). */
export interface SentChatBody {
  model: string;
  messages: { role: string; content: string }[];
  temperature?: number;
  seed?: number;
  max_tokens?: number;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict: boolean } };
}

/** Default settings (nothing configured) with some knobs changed. */
export function settingsWith(overrides: Partial<AiSettings> = {}): AiSettings {
  return { ...resolveAiSettings({ environment: {}, config: { cache: {} }, embeddings: {} }), ...overrides };
}

/** How a test chat provider is built. */
export interface TestChatOptions {
  settings?: Partial<AiSettings>;
  config?: Partial<ChatProviderConfig>;
  fetch?: FetchFunction;
  canStream?: boolean;
}

/** A chat provider (openai-compatible, model test-model, the test key) against `baseUrl`. */
export function chatAgainst(baseUrl: string, options: TestChatOptions = {}): ChatProvider {
  const config: ChatProviderConfig = { provider: 'openai-compatible', base_url: baseUrl, model: 'test-model', api_key: TEST_API_KEY, ...options.config };
  return createChat({ config, settings: settingsWith(options.settings), fetch: options.fetch, canStream: options.canStream ?? true });
}

/** A small strict schema, as the AI operations write them. */
export const SUMMARY_SCHEMA = {
  type: 'object',
  properties: { title: { type: 'string' }, points: { type: 'array', items: { type: 'string' } } },
  required: ['title', 'points'],
  additionalProperties: false,
};
