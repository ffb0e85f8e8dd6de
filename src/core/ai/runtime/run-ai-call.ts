import { toCanonicalJson } from '../../canonical-json';
import { IndxError, isIndxError } from '../../errors';
import type { OperationContext } from '../../ops/operation-context';
import { DELIVERY_INPUTS, type AiUsage, type AiWarning } from '../ai-schemas';
import type { ChatProvider, ChatRequest, ChatResult } from '../chat/chat-provider';
import type { AiInvocationEvent } from '../../audit/ai-invocation-event';
import type { AiStreamEvent } from './ai-stream-event';
import { costOf } from '../chat/model-pricing';
import { estimateTokens } from './estimate-tokens';
import { invocationEvent } from './invocation-event';
import { requireAiRole } from './require-ai-role';
import { roundCost, zeroUsage } from './ai-usage';
import { compareCodeUnits } from '../../ops/compare';
import { sha256Hex } from '../../sha256-hex';

/** The AI operations, as `ai.invocation` events name them. */
export type AiOperationName = AiInvocationEvent['op'];

/** Input fields that only decide what is written afterwards (left out of the cache key, kept in the idempotency fingerprint). */
const APPLY_FIELDS = ['apply', 'apply_mode', 'if_match', 'if_match_mode', 'write'];

/**
 * Input fields that only narrow which notes are read (left out of the cache key): the notes read
 * are in the key already, by path and etag, so two spellings or orders of ai_toc's
 * `exclude_paths` that leave the same notes share one entry.
 */
const NOTE_CHOICE_FIELDS = ['exclude_paths'];

/**
 * The version of what produces results (prompts, output schemas, grounding rules), part of every
 * cache key: raise it when a change would make cached results differ from fresh ones.
 */
const RESULT_VERSION = 1;

/** How long an idempotency key holds its result (seed 002 §8.2). */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** What one AI operation call is: its input, the notes it read, and how it produces its result. */
export interface AiCallSpec<Result extends object> {
  op: AiOperationName;
  /**
   * What the call needs before it starts (else ai_unavailable, nothing sent): `chat` a chat
   * model, `ai` any provider (a chat model or embeddings), `none` nothing (it calls no model).
   */
  needs: 'chat' | 'ai' | 'none';
  /** The operation's parsed input (delivery fields such as `cache` are dropped from the cache key here). */
  input: Record<string, unknown>;
  /**
   * The notes the result depends on, as read (snapshots will do: only `path` and `etag` count):
   * any edit to one of them misses the cache.
   */
  fingerprint: readonly { path: string; etag: string }[];
  /** Warnings known before generation (globs_excluded, embeddings_unavailable…), returned with every result. */
  warnings?: AiWarning[];
  /**
   * Produces the result; model calls go through `session.chat`. Its warnings (`session.warn`)
   * are cached with it. Skipped on a cache hit.
   */
  produce(session: AiSession): Promise<Result>;
  /**
   * Runs after the result is known, fresh or cached, and is never cached: writes (apply, toc
   * write). Returns the fields to add to the result; reports written notes with `session.applied`.
   */
  apply?(result: Result, session: AiApplySession): Promise<Partial<Result>>;
}

/** What `apply` may do besides writing: warn and say which notes it wrote. */
export interface AiApplySession {
  warn(warning: AiWarning): void;
  /** Marks a note as written by this call (listed in the ai.invocation event). */
  applied(path: string): void;
}

/** What `produce` works with. */
export interface AiSession extends Omit<AiApplySession, 'applied'> {
  /**
   * Sends one request to the chat model: quota checked first (ai_quota_exceeded), output capped
   * to the configured maximum, temperature and seed defaulted, usage added to the call and the
   * day's spend, `truncated` warned when the reply hit the cap. `onPartial` is honoured only when
   * the caller asked for a stream.
   */
  chat(request: ChatRequest): Promise<ChatResult>;
  /** Sends a stream event when the caller asked for a stream (else does nothing). */
  emit(event: AiStreamEvent): void;
  /** Whether the caller asked for a stream. */
  readonly streaming: boolean;
  /** The most prompt tokens one model call may carry (the configured maximum). */
  readonly maxInputTokens: number;
  /** The output cap of this call: the input's max_tokens clamped to the configured maximum. */
  readonly maxOutputTokens: number;
}

/** A result as returned: the operation's fields plus usage and warnings. */
export type AiCallOutput<Result> = Result & { usage: AiUsage; warnings: AiWarning[] };

interface Stored<Result> {
  result: Result;
  warnings: AiWarning[];
}

interface IdempotentEntry {
  fingerprint: string;
  output: unknown;
}

/**
 * Runs one AI operation call the way seed 002 requires of every one: refuses with
 * `ai_unavailable` while no provider it needs is configured (nothing is sent; a call that
 * needs none, such as ai_toc's outline of one note, runs in every configuration); replays a result
 * stored under the same idempotency key (a different input under it is `idempotency_key_reused`);
 * serves an identical call over unchanged notes from the cache with zero usage and `ai_cache_hit`;
 * otherwise produces the result through a session that accounts every model call; then applies
 * writes, and records one `ai.invocation` audit event, failed calls included.
 */
export async function runAiCall<Result extends object>(context: OperationContext, spec: AiCallSpec<Result>): Promise<AiCallOutput<Result>> {
  const clientKey = typeof spec.input.idempotency_key === 'string' ? spec.input.idempotency_key : undefined;
  if (clientKey === undefined) return runOnce(context, spec);
  // A duplicate sent while the first call runs (a client retrying after a timeout) waits for it
  // and then replays its result, instead of generating (and paying) twice.
  const slot = await slotKeyOf(context, spec, clientKey);
  const running = runningCalls(context);
  for (let earlier = running.get(slot); earlier !== undefined; earlier = running.get(slot)) await earlier.catch(() => undefined);
  const call = runOnce(context, spec);
  running.set(slot, call);
  try {
    return await call;
  } finally {
    if (running.get(slot) === call) running.delete(slot);
  }
}

/** Calls running under an idempotency key, per AI runtime (so per vault). */
const RUNNING = new WeakMap<object, Map<string, Promise<unknown>>>();

function runningCalls(context: OperationContext): Map<string, Promise<unknown>> {
  let running = RUNNING.get(context.ai);
  if (running === undefined) RUNNING.set(context.ai, (running = new Map<string, Promise<unknown>>()));
  return running;
}

async function runOnce<Result extends object>(context: OperationContext, spec: AiCallSpec<Result>): Promise<AiCallOutput<Result>> {
  const started = context.clock();
  const tally = newTally();
  const applied: string[] = [];
  let cacheHit = false;
  try {
    if (spec.needs !== 'none') requireAiRole(context.ai, `ai_${spec.op}`, spec.needs === 'chat' ? 'chat' : 'any');
    const idempotencyKey = typeof spec.input.idempotency_key === 'string' ? spec.input.idempotency_key : undefined;
    const idempotency = idempotencyKey === undefined ? null : await idempotencySlot(context, spec, idempotencyKey);
    if (idempotency?.replay !== undefined) {
      cacheHit = true;
      record(context, spec, { started, usage: tally.usage, cacheHit, applied, ok: true });
      return withZeroUsage(idempotency.replay as AiCallOutput<Result>);
    }
    const delivery: AiWarning[] = [];
    const known = await knownResult(context, spec, tally, delivery);
    cacheHit = known.hit;
    const warnings = [...(spec.warnings ?? []), ...known.stored.warnings, ...delivery, ...(known.hit ? [cacheHitWarning()] : [])];
    const additions = spec.apply === undefined ? {} : await spec.apply(known.stored.result, { warn: (warning) => void warnings.push(warning), applied: (path) => void applied.push(path) });
    const output = { ...known.stored.result, ...additions, usage: tally.usage, warnings } as AiCallOutput<Result>;
    if (idempotency !== null) await context.ai.cache.set(idempotency.key, { fingerprint: idempotency.fingerprint, output } satisfies IdempotentEntry, IDEMPOTENCY_TTL_MS);
    record(context, spec, { started, usage: tally.usage, cacheHit, applied, ok: true });
    return output;
  } catch (error: unknown) {
    const errorCode = context.signal?.aborted === true ? 'cancelled' : isIndxError(error) ? error.code : 'internal_error';
    record(context, spec, { started, usage: tally.usage, cacheHit, applied, ok: false, errorCode });
    throw error;
  }
}

/** The stored result of an identical call over the same notes, or a fresh one (then stored). */
async function knownResult<Result extends object>(context: OperationContext, spec: AiCallSpec<Result>, tally: Tally, delivery: AiWarning[]): Promise<{ stored: Stored<Result>; hit: boolean }> {
  const cacheKey = context.ai.settings.cache.enabled && spec.input.cache !== false ? await cacheKeyOf(context, spec) : null;
  const cached = cacheKey === null ? undefined : ((await context.ai.cache.get(cacheKey)) as Stored<Result> | undefined);
  if (cached !== undefined) {
    await context.ai.ledger.add(0, true);
    return { stored: cached, hit: true };
  }
  const stored = await produceFresh(context, spec, tally, delivery);
  if (cacheKey !== null) await context.ai.cache.set(cacheKey, stored, ttlOf(context, spec));
  return { stored, hit: false };
}

/** Produces a result; its warnings are stored with it, those about this delivery (stream_unsupported) go to `delivery`. */
async function produceFresh<Result extends object>(context: OperationContext, spec: AiCallSpec<Result>, tally: Tally, delivery: AiWarning[]): Promise<Stored<Result>> {
  const warnings: AiWarning[] = [];
  const session = createSession(context, spec, tally, warnings, delivery);
  const result = await spec.produce(session);
  return { result, warnings };
}

function createSession(context: OperationContext, spec: AiCallSpec<object>, tally: Tally, warnings: AiWarning[], delivery: AiWarning[]): AiSession {
  const settings = context.ai.settings;
  const requested = typeof spec.input.max_tokens === 'number' ? spec.input.max_tokens : settings.max_output_tokens;
  const emit = context.emit;
  const session: AiSession = {
    streaming: emit !== undefined,
    maxInputTokens: settings.max_input_tokens,
    maxOutputTokens: Math.min(requested, settings.max_output_tokens),
    warn: (warning) => void warnings.push(warning),
    emit: (event) => emit?.(event),
    chat: (request) => sendChat(context, spec, session, request, tally, { warnings, delivery }),
  };
  return session;
}

async function sendChat(context: OperationContext, spec: AiCallSpec<object>, session: AiSession, request: ChatRequest, tally: Tally, lists: WarningLists): Promise<ChatResult> {
  // A call that did not need a chat model to start (needs: 'ai' or 'none') may still ask for one.
  requireAiRole(context.ai, `ai_${spec.op}`, 'chat');
  const chat = context.ai.chat as ChatProvider;
  const promptTokens = estimateTokens(request.system) + request.messages.reduce((sum, message) => sum + estimateTokens(message.content), 0);
  if (promptTokens > context.ai.settings.max_input_tokens) {
    throw new IndxError('ai_input_too_large', `The prompt of ai_${spec.op} needs about ${promptTokens} tokens, more than the configured maximum of ${context.ai.settings.max_input_tokens}. Narrow the scope or raise ai.max_input_tokens.`, { tokens: promptTokens, max_input_tokens: context.ai.settings.max_input_tokens });
  }
  const release = await reserveBudget(context, costOf(chat.model, chat.provider, { input_tokens: promptTokens, output_tokens: session.maxOutputTokens }, context.ai.settings.pricing));
  try {
    return await generateAccounted(context, { chat, spec, session, tally, lists }, request);
  } finally {
    release();
  }
}

/** The warnings of a call: those stored with its result, and those about this delivery only. */
interface WarningLists {
  warnings: AiWarning[];
  delivery: AiWarning[];
}

/** What one model call is accounted to. */
interface ChatCall {
  chat: ChatProvider;
  spec: AiCallSpec<object>;
  session: AiSession;
  tally: Tally;
  lists: WarningLists;
}

/** Sends the request with the call's defaults and caps, then accounts its usage and spend. */
async function generateAccounted(context: OperationContext, call: ChatCall, request: ChatRequest): Promise<ChatResult> {
  const { chat, spec, session, tally } = call;
  const { warnings, delivery } = call.lists;
  const streamed = session.streaming && request.onPartial !== undefined;
  const result = await chat.generate({
    ...request,
    max_output_tokens: Math.min(request.max_output_tokens ?? session.maxOutputTokens, session.maxOutputTokens),
    temperature: request.temperature ?? context.ai.settings.temperature,
    seed: request.seed ?? (typeof spec.input.seed === 'number' ? spec.input.seed : 0),
    ...(context.signal === undefined ? {} : { signal: context.signal }),
    ...(streamed ? {} : { onPartial: undefined }),
  });
  // Seed 002 §7: a provider (or connection) that does not stream answers whole, with a warning, not an error.
  if (streamed && (!chat.canStream || !result.streamed) && !delivery.some((warning) => warning.code === 'stream_unsupported')) {
    delivery.push({ code: 'stream_unsupported', message: 'A stream was asked for, but the provider (or the connection to it) did not stream; the result came whole.' });
  }
  tally.add(result);
  await context.ai.ledger.add(result.usage.cost_usd, false);
  if (result.finish_reason === 'length') warnings.push({ code: 'truncated', message: `The model stopped at the output cap (${session.maxOutputTokens} tokens); the result may be incomplete. Raise max_tokens for more.` });
  session.emit({ type: 'ai.usage', usage: tally.usage });
  return result;
}

/** Estimated cost of the model calls in flight, per AI runtime: parallel calls count against the ceiling before they are billed. */
const RESERVED = new WeakMap<object, { usd: number }>();

/**
 * Refuses a model call once today's spend plus the estimated cost of the calls in flight reached
 * the daily ceiling, else reserves this call's estimate (prompt plus the whole output cap) until
 * it ends: N parallel calls cannot each overshoot the ceiling. Returns the release.
 */
async function reserveBudget(context: OperationContext, estimateUsd: number): Promise<() => void> {
  const cap = context.ai.settings.daily_cost_usd;
  if (cap === null) return () => undefined;
  const today = await context.ai.ledger.today();
  let reserved = RESERVED.get(context.ai);
  if (reserved === undefined) RESERVED.set(context.ai, (reserved = { usd: 0 }));
  if (today.spend_usd + reserved.usd >= cap) throw quotaExceeded(context, today.spend_usd, cap);
  const held = reserved;
  held.usd += estimateUsd;
  return () => {
    held.usd = Math.max(0, held.usd - estimateUsd);
  };
}

function quotaExceeded(context: OperationContext, spend: number, cap: number): IndxError {
  const resetAt = nextUtcMidnight(context.clock());
  return new IndxError('ai_quota_exceeded', `Today's AI spend (${spend.toFixed(4)} USD, with the calls in flight) reached the daily ceiling of ${cap} USD. It resets at ${resetAt} (UTC midnight).`, {
    reset_at: resetAt,
    retry_after_seconds: Math.max(1, Math.ceil((Date.parse(resetAt) - context.clock()) / 1000)),
    spend_today_usd: spend,
    daily_cost_usd: cap,
  });
}

function nextUtcMidnight(now: number): string {
  const date = new Date(now);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)).toISOString();
}

async function cacheKeyOf(context: OperationContext, spec: AiCallSpec<object>): Promise<string> {
  const chat = context.ai.chat;
  const settings = context.ai.settings;
  const parts = {
    version: RESULT_VERSION,
    op: spec.op,
    provider: chat?.provider ?? null,
    model: chat?.model ?? null,
    temperature: settings.temperature,
    max_output_tokens: settings.max_output_tokens,
    input: omit(spec.input, [...DELIVERY_INPUTS, ...APPLY_FIELDS, ...NOTE_CHOICE_FIELDS]),
    notes: spec.fingerprint.map(({ path, etag }) => ({ path, etag })).sort((left, right) => compareCodeUnits(left.path, right.path)),
  };
  return `result/${await sha256Hex(toCanonicalJson(parts))}`;
}

function ttlOf(context: OperationContext, spec: AiCallSpec<object>): number {
  const seconds = spec.input.cache_ttl_seconds;
  return typeof seconds === 'number' ? seconds * 1000 : context.ai.settings.cache.ttl_hours * 3600 * 1000;
}

/** Where the result of a call under `clientKey` is kept: per actor and operation. */
async function slotKeyOf(context: OperationContext, spec: AiCallSpec<object>, clientKey: string): Promise<string> {
  return `idempotency/${await sha256Hex(`${context.actor}\n${spec.op}\n${clientKey}`)}`;
}

async function idempotencySlot(context: OperationContext, spec: AiCallSpec<object>, clientKey: string): Promise<{ key: string; fingerprint: string; replay?: unknown }> {
  const key = await slotKeyOf(context, spec, clientKey);
  const fingerprint = await sha256Hex(toCanonicalJson(omit(spec.input, ['idempotency_key', 'stream'])));
  const entry = (await context.ai.cache.get(key)) as IdempotentEntry | undefined;
  if (entry === undefined) return { key, fingerprint };
  if (entry.fingerprint !== fingerprint) {
    throw new IndxError('idempotency_key_reused', `The idempotency key "${clientKey}" was already used for a different ai_${spec.op} request. Use a new key for a new request.`, { idempotency_key: clientKey });
  }
  return { key, fingerprint, replay: entry.output };
}

function withZeroUsage<Output extends { usage: AiUsage; warnings: AiWarning[] }>(output: Output): Output {
  const warnings = output.warnings.some((warning) => warning.code === 'ai_cache_hit') ? output.warnings : [...output.warnings, cacheHitWarning()];
  return { ...output, usage: zeroUsage(), warnings };
}

function cacheHitWarning(): AiWarning {
  return { code: 'ai_cache_hit', message: 'Served from the AI cache (an identical call over unchanged notes): no model call, no cost.' };
}

interface Tally {
  readonly usage: AiUsage;
  add(result: ChatResult): void;
}

function newTally(): Tally {
  const usage = zeroUsage();
  return {
    usage,
    add(result) {
      usage.input_tokens += result.usage.input_tokens;
      usage.output_tokens += result.usage.output_tokens;
      usage.cost_usd = roundCost(usage.cost_usd + result.usage.cost_usd);
      usage.model_calls += 1;
    },
  };
}

function omit(input: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([field]) => !fields.includes(field)));
}

interface Outcome {
  started: number;
  usage: AiUsage;
  cacheHit: boolean;
  applied: string[];
  ok: boolean;
  errorCode?: string;
}

function record(context: OperationContext, spec: AiCallSpec<object>, outcome: Outcome): void {
  const paths = spec.fingerprint.map((note) => note.path);
  context.audit.recordInvocation(invocationEvent(context.ai, context.clock, { ...outcome, op: spec.op, actor: context.actor, paths }));
}
