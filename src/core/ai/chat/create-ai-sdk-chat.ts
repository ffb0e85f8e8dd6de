import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { FinishReason, LanguageModel, LanguageModelUsage } from 'ai';
import { isIndxError } from '../../errors';
import type { FetchFunction } from '../create-ai-sdk-embedder';
import type { AiSettings, ChatProviderConfig } from '../runtime/ai-settings';
import { estimateTokens } from '../runtime/estimate-tokens';
import type { ChatProvider, ChatRequest, ChatResult } from './chat-provider';
import { startDeadline, type Deadline } from '../deadline';
import { guardFetch } from '../guard-fetch';
import { catchWholeReply, replayWholeReply, type WholeReplyCatch } from './catch-whole-reply';
import { isStrictJsonSchema } from './is-strict-json-schema';
import { costOf } from './model-pricing';
import { parseStructuredText, stripJsonFences } from './parse-structured-text';
import { chatProviderError, toChatProviderError, type ChatEndpoint } from './to-chat-provider-error';

/** How `createAiSdkChat` builds a chat provider. */
export interface AiSdkChatOptions {
  config: ChatProviderConfig;
  /** Resolved AI settings: timeout, default temperature and output cap, pricing. */
  settings: AiSettings;
  /**
   * How requests leave (Obsidian's requestUrl in the app; global fetch headless; a test-mode
   * fetch). A stream request answered with one plain completion is read whole only through an
   * injected fetch (both hosts inject one); without it that answer fails as `ai_provider_error`.
   */
  fetch?: FetchFunction;
  /** False where `fetch` cannot stream (requestUrl): replies then come whole. */
  canStream: boolean;
}

type Sdk = typeof import('ai');

/** What every call of one provider shares. */
interface ChatCall {
  model: LanguageModel;
  /** The same model over another fetch: a streamed call's own, which may catch a whole reply. */
  modelWith(fetch: FetchFunction | undefined): LanguageModel;
  /** The injected fetch (guarded); without one the SDK uses the platform's. */
  fetch?: FetchFunction;
  endpoint: ChatEndpoint;
  config: ChatProviderConfig;
  settings: AiSettings;
}

/** A reply before usage and structure are settled. */
interface RawReply {
  text: string;
  finishReason: FinishReason;
  usage: LanguageModelUsage | undefined;
  /** The SDK's parse of the structured reply, when it managed one. */
  parsed?: { value: unknown };
  streamed: boolean;
}

// The provider's name in the SDK: the key under which provider options are read.
const SDK_PROVIDER_NAME = 'indx';
const RETRY_DELAY_MS = 250;
const FINISH_REASONS: Partial<Record<FinishReason, ChatResult['finish_reason']>> = { length: 'length', 'content-filter': 'content_filter', error: 'error' };

/**
 * Builds the chat provider on the Vercel AI SDK over `@ai-sdk/openai-compatible` (OpenAI, the
 * Vercel AI Gateway, Ollama, LM Studio, any OpenAI-compatible server). Replies are structured
 * (response_format json_schema) when the request has a `json_schema`; they stream through
 * `onPartial` when the request asks and `canStream` allows; a provider that answers a stream
 * request with one plain completion gets that reply read whole (`streamed: false`, no partials)
 * instead of failing (seed 002 §7). The SDK's retries are off: one
 * retry on HTTP 429, 5xx or a network failure, after a short pause, within the timeout.
 * Failures throw `ai_provider_error` (details.reason timeout, http, network or invalid_output);
 * a request cancelled through its signal rejects with the signal's reason instead.
 *
 * The `ai` package is loaded on the first call, not at import: it pulls in `@vercel/oidc`, whose
 * Node entry requires `fs`, `os` and `path` at load time, and the core must load without Node
 * built-ins (and the plugin should not pay for the SDK when no provider is configured).
 */
export function createAiSdkChat(options: AiSdkChatOptions): ChatProvider {
  const { config, settings, canStream } = options;
  const endpoint: ChatEndpoint = { provider: config.provider, base_url: config.base_url, ...(config.api_key === undefined ? {} : { api_key: config.api_key }) };
  const injected = options.fetch && guardFetch(options.fetch, (error) => chatProviderError(endpoint, 'network', null, describeFailure(error), error));
  const modelWith = (fetch: FetchFunction | undefined): LanguageModel =>
    createOpenAICompatible({ name: SDK_PROVIDER_NAME, baseURL: config.base_url, apiKey: config.api_key, fetch, supportsStructuredOutputs: true, includeUsage: true }).chatModel(config.model);
  const call: ChatCall = { model: modelWith(injected), modelWith, ...(injected === undefined ? {} : { fetch: injected }), endpoint, config, settings };
  return {
    provider: config.provider,
    model: config.model,
    canStream,
    generate: (request) => generate(call, request, canStream && request.onPartial !== undefined),
  };
}

async function generate(call: ChatCall, request: ChatRequest, stream: boolean): Promise<ChatResult> {
  const sdk = await import('ai');
  request.signal?.throwIfAborted();
  const deadline = startDeadline(call.settings.timeout_ms, request.signal);
  const progress = { streamed: false };
  const attempt = (): Promise<RawReply> => (stream ? streamOrWhole(sdk, call, request, deadline, progress) : generateOnce(sdk, call.model, call, request, deadline));
  try {
    const reply = await retryOnce(attempt, deadline, () => !progress.streamed);
    return toChatResult(sdk, call, request, reply);
  } catch (error: unknown) {
    request.signal?.throwIfAborted();
    if (deadline.timedOut()) throw chatProviderError(call.endpoint, 'timeout', null, `no answer within ${call.settings.timeout_ms} ms`, error);
    throw toChatProviderError(error, call.endpoint, (value) => sdk.APICallError.isInstance(value));
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

function isRetryable(error: unknown): boolean {
  const failure = error as { statusCode?: unknown; isRetryable?: unknown } | null;
  if (isIndxError(error)) return error.details.reason === 'network';
  if (typeof failure?.statusCode === 'number') return failure.statusCode === 429 || failure.statusCode >= 500;
  return failure?.isRetryable === true;
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

async function generateOnce(sdk: Sdk, model: LanguageModel, call: ChatCall, request: ChatRequest, deadline: Deadline): Promise<RawReply> {
  try {
    const result = await sdk.generateText(callSettings(sdk, model, call, request, deadline.signal));
    const parsed = request.json_schema === undefined || result.output === undefined ? {} : { parsed: { value: result.output as unknown } };
    return { text: result.text, finishReason: result.finishReason, usage: result.totalUsage, streamed: false, ...parsed };
  } catch (error: unknown) {
    // The SDK could not parse the structured reply: keep its text and parse it here (code fences, repairs).
    if (!sdk.NoObjectGeneratedError.isInstance(error)) throw error;
    return { text: error.text ?? '', finishReason: error.finishReason ?? 'other', usage: error.usage, streamed: false };
  }
}

// Servers without streaming ignore `stream: true` and answer one whole completion: that reply is
// read as a non-streamed one, with no second request (seed 002 §7: streaming is best effort).
async function streamOrWhole(sdk: Sdk, call: ChatCall, request: ChatRequest, deadline: Deadline, progress: { streamed: boolean }): Promise<RawReply> {
  if (call.fetch === undefined) return streamOnce(sdk, call.model, call, request, deadline, progress);
  const caught: WholeReplyCatch = {};
  try {
    return await streamOnce(sdk, call.modelWith(catchWholeReply(call.fetch, caught)), call, request, deadline, progress);
  } catch (error: unknown) {
    if (caught.reply === undefined) throw error;
    return generateOnce(sdk, call.modelWith(replayWholeReply(caught.reply)), call, request, deadline);
  }
}

async function streamOnce(sdk: Sdk, model: LanguageModel, call: ChatCall, request: ChatRequest, deadline: Deadline, progress: { streamed: boolean }): Promise<RawReply> {
  const result = sdk.streamText({ ...callSettings(sdk, model, call, request, deadline.signal), onError: () => undefined });
  const reply: RawReply = { text: '', finishReason: 'other', usage: undefined, streamed: true };
  let lastPartial = '';
  for await (const part of result.fullStream) {
    if (part.type === 'error') throw part.error;
    if (part.type === 'finish') Object.assign(reply, { finishReason: part.finishReason, usage: part.totalUsage });
    if (part.type !== 'text-delta') continue;
    reply.text += part.text;
    const partial = await partialOf(sdk, request, reply.text);
    const serialised = JSON.stringify(partial);
    if (partial === undefined || serialised === lastPartial) continue;
    lastPartial = serialised;
    progress.streamed = true;
    request.onPartial?.(partial);
  }
  deadline.signal.throwIfAborted();
  return reply;
}

async function partialOf(sdk: Sdk, request: ChatRequest, text: string): Promise<unknown> {
  if (request.json_schema === undefined) return text;
  const { value, state } = await sdk.parsePartialJson(stripJsonFences(text));
  return state === 'successful-parse' || state === 'repaired-parse' ? value : undefined;
}

function callSettings(sdk: Sdk, model: LanguageModel, call: ChatCall, request: ChatRequest, abortSignal: AbortSignal) {
  const schema = request.json_schema;
  return {
    model,
    system: request.system,
    messages: request.messages.map((message) => ({ role: message.role, content: message.content })),
    maxRetries: 0,
    abortSignal,
    temperature: request.temperature ?? call.settings.temperature,
    maxOutputTokens: request.max_output_tokens ?? call.settings.max_output_tokens,
    ...(request.seed === undefined ? {} : { seed: request.seed }),
    ...(schema === undefined ? {} : { output: sdk.Output.object({ schema: sdk.jsonSchema(schema), ...(request.schema_name === undefined ? {} : { name: request.schema_name }) }) }),
    providerOptions: { [SDK_PROVIDER_NAME]: { strictJsonSchema: schema !== undefined && isStrictJsonSchema(schema) } },
  };
}

async function toChatResult(sdk: Sdk, call: ChatCall, request: ChatRequest, reply: RawReply): Promise<ChatResult> {
  const finishReason = FINISH_REASONS[reply.finishReason] ?? 'stop';
  const structured = request.json_schema === undefined ? {} : { structured: await structuredOf(sdk, call, reply, finishReason) };
  const inputTokens = reply.usage?.inputTokens ?? estimateTokens(request.system + request.messages.map((message) => message.content).join('\n'));
  const outputTokens = reply.usage?.outputTokens ?? estimateTokens(reply.text);
  const tokens = { input_tokens: inputTokens, output_tokens: outputTokens };
  const cost = costOf(call.config.model, call.config.provider, tokens, call.settings.pricing);
  return { text: reply.text, ...structured, usage: { ...tokens, cost_usd: cost }, finish_reason: finishReason, streamed: reply.streamed };
}

// The SDK's parse when it had one; else the text read here. A reply cut at the output cap is
// repaired (closing what was left open) so the caller gets what arrived, with `truncated`.
async function structuredOf(sdk: Sdk, call: ChatCall, reply: RawReply, finishReason: ChatResult['finish_reason']): Promise<unknown> {
  if (reply.parsed !== undefined) return reply.parsed.value;
  const parsed = parseStructuredText(reply.text);
  if (parsed.ok) return parsed.value;
  if (finishReason === 'length') {
    const repaired = await sdk.parsePartialJson(stripJsonFences(reply.text));
    if (repaired.state === 'repaired-parse' && typeof repaired.value === 'object' && repaired.value !== null) return repaired.value;
  }
  if (reply.text.trim() === '' && (finishReason === 'content_filter' || finishReason === 'error')) return undefined;
  throw chatProviderError(call.endpoint, 'invalid_output', null, `the reply is not valid JSON: ${reply.text.slice(0, 200)}`);
}

// Node's fetch says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND…) is its cause.
function describeFailure(error: unknown): string {
  const failure = error as { message?: unknown; cause?: { message?: unknown } } | null;
  const message = typeof failure?.message === 'string' ? failure.message : 'the request failed';
  const cause = failure?.cause?.message;
  return typeof cause === 'string' && cause !== '' ? `${message}: ${cause}` : message;
}
