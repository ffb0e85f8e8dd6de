import type { EmbeddingProviderName } from '../../config/embedding-settings';

/** Where and how the chat model is reached. */
export interface ChatProviderConfig {
  provider: EmbeddingProviderName;
  /** Base URL of the OpenAI-compatible API, up to and including /v1. */
  base_url: string;
  api_key?: string;
  model: string;
}

/** Rates for cost accounting, in US dollars per million tokens. */
export interface ModelPricing {
  input_usd_per_million: number;
  output_usd_per_million: number;
}

/**
 * The AI runtime's settings after the environment and the vault configuration are combined
 * (see `resolveAiSettings`): every knob has its value.
 */
export interface AiSettings {
  /** False when switched off by INDX_AI_ENABLED=false or `ai.enabled: false`: no tool shows and nothing is sent. */
  enabled: boolean;
  /** The chat model, or null when none is configured. */
  chat: ChatProviderConfig | null;
  max_input_tokens: number;
  max_output_tokens: number;
  temperature: number;
  /** Empty: every note may reach the model. */
  allow_globs: string[];
  /**
   * INDX_AI_ALLOW_GLOBS when the vault configuration has its own allow list: a note must then
   * match both, so the configuration can narrow the operator's list but never widen it.
   */
  operator_allow_globs?: string[];
  deny_globs: string[];
  cache: { enabled: boolean; ttl_hours: number };
  /** Null: no ceiling. */
  daily_cost_usd: number | null;
  timeout_ms: number;
  /** Rates from the configuration, else null (the built-in table decides). */
  pricing: ModelPricing | null;
  /** A half configuration found while resolving (reported by ai_status; chat is then null). */
  problem: string | null;
}

/** The defaults of seed 002 §2. */
export const AI_DEFAULTS = {
  max_input_tokens: 64_000,
  max_output_tokens: 2048,
  temperature: 0,
  ttl_hours: 24,
  timeout_ms: 30_000,
} as const;
