import { isIndxError } from '../../errors';
import { chatCompletion, chatCompletionStream, isApiCallError, type ChatCompletion, type ChatCompletionRequest, type FetchFunction, type FinishReason, type OpenAiEndpoint, type TokenUsage } from '../openai-compatible';
import type { AiSettings, ChatProviderConfig } from '../runtime/ai-settings';
import { estimateTokens } from '../runtime/estimate-tokens';
import type { ChatProvider, ChatRequest, ChatResult } from './chat-provider';
import { startDeadline, type Deadline } from '../deadline';
import { isStrictJsonSchema } from './is-strict-json-schema';
import { costOf } from './model-pricing';
import { parsePartialJson } from './partial-json';
import { parseStructuredText, stripJsonFences } from './parse-structured-text';
import { chatProviderError, toChatProviderError, type ChatEndpoint } from './to-chat-provider-error';

/** How `createChat` builds a chat provider. */
export interface ChatOptions {
  config: ChatProviderConfig;
  /** Resolved AI settings: timeout, default temperature and output cap, pricing. */
  settings: AiSettings;
  /** How requests leave (Obsidian's requestUrl in the app; global fetch headless; a test-mode fetch). */
  fetch?: FetchFunction;
  /** False where `fetch` cannot stream (requestUrl): replies then come whole. */
  canStream: boolean;
}

/** What every call of one provider shares. */
interface ChatCall {
  openai: OpenAiEndpoint;
  endpoint: ChatEndpoint;
  config: ChatProviderConfig;
  settings: AiSettings;
}

/** A reply before usage and structure are settled. */
interface RawReply extends ChatCompletion {
  streamed: boolean;
}

const RETRY_DELAY_MS = 250;
const FINISH_REASONS: Partial<Record<FinishReason, ChatResult['finish_reason']>> = { length: 'length', content_filter: 'content_filter' };

/**
 * Builds the chat provider over the OpenAI-compatible chat completions API (OpenAI, the Vercel
 * AI Gateway, Ollama, LM Studio, any OpenAI-compatible server). Replies are structured
 * (response_format json_schema) when the request has a `json_schema`; they stream through
 * `onPartial` when the request asks and `canStream` allows; a provider that answers a stream
 * request with one plain completion gets that reply read whole (`streamed: false`, no partials)
 * instead of failing (seed 002 §7). One retry on HTTP 429, 5xx or a network failure, after a
 * short pause, within the timeout. Failures throw `ai_provider_error` (details.reason timeout,
 * http, network or invalid_output); a request cancelled through its signal rejects with the
 * signal's reason instead.
 */
export function createChat(options: ChatOptions): ChatProvider {
  const { config, settings, canStream } = options;
  const endpoint: ChatEndpoint = { provider: config.provider, base_url: config.base_url, ...(config.api_key === undefined ? {} : { api_key: config.api_key }) };
  const openai: OpenAiEndpoint = { base_url: config.base_url, ...(config.api_key === undefined ? {} : { api_key: config.api_key }), ...(options.fetch === undefined ? {} : { fetch: options.fetch }) };
  const call: ChatCall = { openai, endpoint, config, settings };
  return {
    provider: config.provider,
    model: config.model,
    canStream,
    generate: (request) => generate(call, request, canStream && request.onPartial !== undefined),
  };
}

async function generate(call: ChatCall, request: ChatRequest, stream: boolean): Promise<ChatResult> {
  request.signal?.throwIfAborted();
  const deadline = startDeadline(call.settings.timeout_ms, request.signal);
  const progress = { streamed: false };
  const body = completionRequest(call, request);
  const attempt = async (): Promise<RawReply> => (stream ? streamOrWhole(call, body, request, deadline, progress) : { ...(await chatCompletion(call.openai, body, deadline.signal)), streamed: false });
  try {
    const reply = await retryOnce(attempt, deadline, () => !progress.streamed);
    return toChatResult(call, request, reply);
  } catch (error: unknown) {
    request.signal?.throwIfAborted();
    if (deadline.timedOut()) throw chatProviderError(call.endpoint, 'timeout', null, `no answer within ${call.settings.timeout_ms} ms`, error);
    throw toChatProviderError(error, call.endpoint);
  } finally {
    deadline.release();
  }
}

// Retries once what is worth retrying (429, 5xx, network), unless the reply had started
// streaming or the pause would outlast the timeout.
async function retryOnce(attempt: () => Promise<RawReply>, deadline: Deadline, mayRetry: () => boolean): Promise<RawReply> {
  try {
    return await attempt();
  } catch (error: unknown) {
    if (deadline.signal.aborted || !mayRetry() || !isRetryable(error) || deadline.remainingMs() <= RETRY_DELAY_MS) throw error;
    await pause(RETRY_DELAY_MS, deadline.signal);
    return attempt();
  }
}

// A chat call is retried on a network failure, 429 and 5xx only (not 408 or 409, which an
// embeddings request retries).
function isRetryable(error: unknown): boolean {
  if (isIndxError(error)) return error.details.reason === 'network';
  if (!isApiCallError(error)) return false;
  const status = error.statusCode;
  return status === undefined || status === 429 || status >= 500;
}

// Waits on a timeout signal rather than a timer: the same code runs in Node and in Obsidian's
// windows, and a cancelled call stops waiting at once. In Node it does not keep the process
// alive: one-shot commands hold the event loop open themselves while a call runs.
function pause(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = AbortSignal.timeout(milliseconds);
    const onCancel = (): void => reject(signal.reason as Error);
    timer.addEventListener('abort', () => {
      signal.removeEventListener('abort', onCancel);
      resolve();
    }, { once: true });
    signal.addEventListener('abort', onCancel, { once: true });
  });
}

// A server without streaming answers one whole completion: read as a non-streamed reply, with
// no second request (seed 002 §7: streaming is best effort).
async function streamOrWhole(call: ChatCall, body: ChatCompletionRequest, request: ChatRequest, deadline: Deadline, progress: { streamed: boolean }): Promise<RawReply> {
  const answer = await chatCompletionStream(call.openai, body, deadline.signal);
  if (answer.kind === 'whole') return { ...answer.reply, streamed: false };
  const reply: RawReply = { text: '', finish_reason: 'other', streamed: true };
  let lastPartial = '';
  for await (const part of answer.parts) {
    if (part.type === 'finish') {
      reply.finish_reason = part.finish_reason;
      if (part.usage !== undefined) reply.usage = part.usage;
      continue;
    }
    reply.text += part.text;
    const partial = partialOf(request, reply.text);
    const serialised = JSON.stringify(partial);
    if (partial === undefined || serialised === lastPartial) continue;
    lastPartial = serialised;
    progress.streamed = true;
    request.onPartial?.(partial);
  }
  deadline.signal.throwIfAborted();
  return reply;
}

function partialOf(request: ChatRequest, text: string): unknown {
  if (request.json_schema === undefined) return text;
  const { value, state } = parsePartialJson(stripJsonFences(text));
  return state === 'failed-parse' ? undefined : value;
}

function completionRequest(call: ChatCall, request: ChatRequest): ChatCompletionRequest {
  const schema = request.json_schema;
  return {
    model: call.config.model,
    system: request.system,
    messages: request.messages.map((message) => ({ role: message.role, content: message.content })),
    temperature: request.temperature ?? call.settings.temperature,
    max_tokens: request.max_output_tokens ?? call.settings.max_output_tokens,
    ...(request.seed === undefined ? {} : { seed: request.seed }),
    ...(schema === undefined ? {} : { json_schema: { name: request.schema_name ?? 'response', schema, strict: isStrictJsonSchema(schema) } }),
  };
}

function toChatResult(call: ChatCall, request: ChatRequest, reply: RawReply): ChatResult {
  const finishReason = FINISH_REASONS[reply.finish_reason] ?? 'stop';
  const structured = request.json_schema === undefined ? {} : { structured: structuredOf(call, reply, finishReason) };
  const usage: TokenUsage = reply.usage ?? {};
  const inputTokens = usage.input_tokens ?? estimateTokens(request.system + request.messages.map((message) => message.content).join('\n'));
  const outputTokens = usage.output_tokens ?? estimateTokens(reply.text);
  const tokens = { input_tokens: inputTokens, output_tokens: outputTokens };
  const cost = costOf(call.config.model, call.config.provider, tokens, call.settings.pricing);
  return { text: reply.text, ...structured, usage: { ...tokens, cost_usd: cost }, finish_reason: finishReason, streamed: reply.streamed };
}

// The text read as JSON (code fences stripped). A reply cut at the output cap is repaired
// (closing what was left open) so the caller gets what arrived, with `truncated`.
function structuredOf(call: ChatCall, reply: RawReply, finishReason: ChatResult['finish_reason']): unknown {
  const parsed = parseStructuredText(reply.text);
  if (parsed.ok) return parsed.value;
  if (finishReason === 'length') {
    const repaired = parsePartialJson(stripJsonFences(reply.text));
    if (repaired.state === 'repaired-parse' && typeof repaired.value === 'object' && repaired.value !== null) return repaired.value;
  }
  if (reply.text.trim() === '' && finishReason === 'content_filter') return undefined;
  throw chatProviderError(call.endpoint, 'invalid_output', null, `the reply is not valid JSON: ${reply.text.slice(0, 200)}`);
}
