import { IndxError, isIndxError } from '../../errors';
import { displayAddress, isApiCallError, type ApiCallError } from '../openai-compatible';

/** Where a chat call went: named in error messages; the key is only used to keep it out of them. */
export interface ChatEndpoint {
  provider: string;
  base_url: string;
  api_key?: string;
}

/** Why a chat call failed, as `details.reason` of `ai_provider_error` says. */
export type ChatFailureReason = 'timeout' | 'http' | 'network' | 'invalid_output';

const MAX_UPSTREAM_MESSAGE = 500;
const MAX_CAUSE_DEPTH = 5;

/**
 * The `ai_provider_error` of a failed chat call: a message naming the provider and its base
 * URL and saying what to do, and details `{ provider, upstream_status, upstream_message,
 * reason }`. The upstream message is cut to 500 characters and never holds the API key.
 */
export function chatProviderError(endpoint: ChatEndpoint, reason: ChatFailureReason, upstreamStatus: number | null, upstreamMessage: string, cause?: unknown): IndxError {
  const upstream = redact(upstreamMessage, endpoint.api_key).slice(0, MAX_UPSTREAM_MESSAGE);
  const where = `The chat provider ${endpoint.provider} at ${displayAddress(endpoint.base_url)}`;
  const details = { provider: endpoint.provider, upstream_status: upstreamStatus, upstream_message: upstream, reason };
  // Model text stays in details (the caller may want it), out of the message (which ends up in logs).
  const explained = reason === 'invalid_output' ? explain(reason, upstreamStatus, '') : explain(reason, upstreamStatus, upstream);
  return new IndxError('ai_provider_error', `${where} ${explained}`, details, { cause });
}

/**
 * Translates whatever a chat call threw into `ai_provider_error`: an `IndxError` found on the
 * error or its causes as it is, an API call error
 * by its status (none: the provider was not reached; a 2xx: its body was unusable), anything
 * else as unusable output.
 */
export function toChatProviderError(error: unknown, endpoint: ChatEndpoint): IndxError {
  const known = findIndxError(error);
  if (known !== undefined) return known;
  if (isApiCallError(error)) return fromApiCall(error, endpoint);
  return chatProviderError(endpoint, 'invalid_output', null, messageOf(error), error);
}

function fromApiCall(failure: ApiCallError, endpoint: ChatEndpoint): IndxError {
  const status = failure.statusCode;
  if (status === undefined) return chatProviderError(endpoint, 'network', null, failure.message, failure);
  const upstream = upstreamMessageOf(failure.responseBody) ?? failure.message;
  return chatProviderError(endpoint, status >= 200 && status < 300 ? 'invalid_output' : 'http', status, upstream, failure);
}

function explain(reason: ChatFailureReason, status: number | null, upstream: string): string {
  const quoted = upstream === '' ? '' : ` (${upstream.slice(0, 200)})`;
  switch (reason) {
    case 'timeout':
      return 'did not answer in time. Try again, or raise ai.timeout_ms (INDX_AI_TIMEOUT_MS).';
    case 'network':
      return `cannot be reached${quoted}. Check that it is running and that the base URL is right.`;
    case 'invalid_output':
      return `answered something that is not the JSON asked for${quoted}. Try again, or use a model that supports structured output.`;
    case 'http':
      return `answered HTTP ${status ?? '?'}${quoted}. ${adviceFor(status ?? 0)}`;
  }
}

function adviceFor(status: number): string {
  if (status === 401 || status === 403) return 'Check the API key (INDX_AI_API_KEY, INDX_OPENAI_API_KEY or INDX_AI_GATEWAY_KEY).';
  if (status === 404) return 'Check the model id (ai.model) and the base URL.';
  if (status === 429 || status >= 500) return 'Try again later.';
  return 'Check the model id and the AI settings.';
}

// OpenAI-style bodies carry { error: { message } }; others a plain text.
function upstreamMessageOf(body: string | undefined): string | undefined {
  if (body === undefined || body.trim() === '') return undefined;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    return typeof message === 'string' ? message : body;
  } catch {
    return body;
  }
}

// Security: a provider may echo the request's Authorization header back; the key never leaves.
function redact(text: string, apiKey: string | undefined): string {
  return apiKey === undefined || apiKey.length < 4 ? text : text.split(apiKey).join('[redacted]');
}

function findIndxError(error: unknown): IndxError | undefined {
  let current = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current !== undefined && current !== null; depth += 1) {
    if (isIndxError(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

// By shape, not instanceof: the error may come from another realm (jest's sandbox, Electron).
function messageOf(error: unknown): string {
  const failure = error as { message?: unknown; cause?: { message?: unknown } } | null;
  const message = typeof failure?.message === 'string' ? failure.message : String(error);
  const cause = failure?.cause?.message;
  return typeof cause === 'string' && cause !== '' && !message.includes(cause) ? `${message}: ${cause}` : message;
}
