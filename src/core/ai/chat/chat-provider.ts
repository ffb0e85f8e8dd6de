/** One turn of a conversation sent to a chat model. */
export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** One request to a chat model (seed 002 §3). */
export interface ChatRequest {
  system: string;
  messages: ChatMessage[];
  /** JSON Schema the reply must follow (structured output); the parsed value comes back as `structured`. */
  json_schema?: Record<string, unknown>;
  /** A short identifier of that schema, sent to providers that name schemas (e.g. "summary"). */
  schema_name?: string;
  max_output_tokens?: number;
  temperature?: number;
  seed?: number;
  signal?: AbortSignal;
  /**
   * Streams the reply: called with the growing partial value (the partial object under
   * `json_schema`, else the text so far). Providers that cannot stream ignore it and answer
   * once, with `streamed: false`; so does a server that answers the stream request with one
   * plain completion.
   */
  onPartial?: (partial: unknown) => void;
}

/** Tokens of one model call and their best-effort cost. */
export interface ChatUsage {
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
}

/** A chat model's reply. */
export interface ChatResult {
  text: string;
  /** The reply parsed under `json_schema` (not yet validated against it beyond parsing). */
  structured?: unknown;
  usage: ChatUsage;
  finish_reason: 'stop' | 'length' | 'content_filter' | 'error';
  /** Whether the reply arrived in pieces through `onPartial`. */
  streamed: boolean;
}

/**
 * The chat role of the AI runtime: one model behind one provider. Failures throw `IndxError`
 * `ai_provider_error` (details: provider, upstream_status, upstream_message); a cancelled
 * request rejects with the signal's reason.
 */
export interface ChatProvider {
  /** The configured provider name (openai, ollama, vercel-ai-gateway…). */
  readonly provider: string;
  readonly model: string;
  /** Whether replies can stream (false behind Obsidian's requestUrl, which returns whole bodies). */
  readonly canStream: boolean;
  generate(request: ChatRequest): Promise<ChatResult>;
}
