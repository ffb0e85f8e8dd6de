import { clearTimeout, setTimeout } from 'node:timers';
import type { AiScope } from '../../core/ai/ai-schemas';
import type { Caller, Engine } from '../../core/engine';
import { relevanceOf } from './ai-change-relevance';
import type { ResourceChange } from './resource-change';
import { AI_SCHEME, aiResourceCall, readAiScope, splitAiResourceUri, type AiResourceKind } from './resources/ai-scope-uri';

/** A subscription to a live AI resource: its URI, exactly as subscribed, and who holds it. */
export interface AiSubscriber {
  uri: string;
  caller: Caller;
}

/** Options of {@link AiResourceWatch}. */
export interface AiResourceWatchOptions {
  engine: Engine;
  /** Tells every subscriber of `uri` that it changed (`notifications/resources/updated`). */
  publish(uri: string): void;
  /** Quiet time after a relevant change before re-deriving, so a burst of edits costs one derivation (default 250 ms). */
  delayMs?: number;
  onError?(error: Error): void;
}

interface Watched {
  uri: string;
  caller: Caller;
  kind: AiResourceKind;
  scope: AiScope;
  /** The notes the last result read (`scope_resolved.paths`); null until one is known. */
  paths: Set<string> | null;
  /** The baseline is being derived: changes meanwhile are weighed once it is known. */
  priming: boolean;
  /** A change touched a note the last result read: notify after re-deriving, whatever it gives. */
  touched: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  /** Derivations of one resource run one after another. */
  running: Promise<void>;
}

/**
 * Keeps live AI resources (`ai://summary/…`, `ai://moc/…`) up to date for their subscribers
 * (seed 002 §10.4). Subscribing derives the resource once (`prime`; usually an AI cache hit
 * after a read), which records the notes it read. On each vault change the endpoint passes the
 * current subscriptions; a change to a note the last result read re-derives the resource (a new
 * model call: the notes changed) and notifies; a change that may move a note into or out of
 * the scope re-derives it and notifies only when the set of notes changed (unchanged notes hit
 * the AI cache, so this costs nothing while the cache is on). Resources are watched per URI and
 * caller scopes; one no longer subscribed is forgotten at the next change.
 */
export class AiResourceWatch {
  private readonly watched = new Map<string, Watched>();
  private closed = false;
  /** Cancels the derivations in flight when the watch closes (no model call outlives the server). */
  private readonly stopping = new AbortController();

  constructor(private readonly options: AiResourceWatchOptions) {}

  /** Starts watching `uri` for `caller` (a new subscription): derives its baseline now. */
  prime(uri: string, caller: Caller): void {
    const entry = this.entryOf({ uri, caller });
    if (entry === null || entry.paths !== null || entry.priming) return;
    entry.priming = true;
    this.enqueue(entry, () => this.derive(entry, false).finally(() => (entry.priming = false)));
  }

  /** Re-derives the resources of `subscribers` that `change` may affect, after a quiet time. */
  onChange(change: ResourceChange, subscribers: readonly AiSubscriber[]): void {
    if (this.closed) return;
    const live = new Set<string>();
    for (const subscriber of subscribers) {
      const entry = this.entryOf(subscriber);
      if (entry === null) continue;
      live.add(keyOf(subscriber));
      this.consider(entry, change);
    }
    this.forgetAllBut(live);
  }

  /** Stops every pending derivation. */
  close(): void {
    this.closed = true;
    this.stopping.abort();
    this.forgetAllBut(new Set());
  }

  private consider(entry: Watched, change: ResourceChange): void {
    if (this.closed) return;
    if (entry.priming) return this.enqueue(entry, () => Promise.resolve(this.consider(entry, change)));
    const relevance = relevanceOf(entry.scope, entry.paths, change);
    if (relevance === 'none') return;
    entry.touched ||= relevance === 'touched';
    if (entry.timer !== null) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      if (this.closed) return;
      entry.timer = null;
      const touched = entry.touched;
      entry.touched = false;
      this.enqueue(entry, () => this.derive(entry, touched));
    }, this.options.delayMs ?? 250);
  }

  private enqueue(entry: Watched, task: () => Promise<void>): void {
    entry.running = entry.running.then(task).catch((error: unknown) => this.options.onError?.(error instanceof Error ? error : new Error(String(error))));
  }

  /** Derives the resource again; publishes when `touched` or when its notes changed. */
  private async derive(entry: Watched, touched: boolean): Promise<void> {
    if (this.closed || this.watched.get(keyOf(entry)) !== entry) return;
    const before = entry.paths;
    try {
      entry.paths = new Set(await this.pathsOf(entry));
    } catch (error: unknown) {
      if (this.closed) return;
      // A failed derivation is reported to a subscriber whose notes changed: its next read shows the error.
      // Its notes are then unknown: an empty set, so not every edit in the vault counts as touching it.
      entry.paths ??= new Set();
      if (touched) this.options.publish(entry.uri);
      throw error;
    }
    if (this.closed) return;
    if (touched || (before !== null && !sameSet(before, entry.paths))) this.options.publish(entry.uri);
  }

  private async pathsOf(entry: Watched): Promise<string[]> {
    const call = aiResourceCall(entry.kind, entry.scope);
    const { output } = await this.options.engine.call(call.operation, call.input, entry.caller, { signal: this.stopping.signal });
    const paths = (output as { scope_resolved?: { paths?: unknown } }).scope_resolved?.paths;
    return Array.isArray(paths) ? paths.filter((path): path is string => typeof path === 'string') : [];
  }

  /**
   * The watched entry of a subscription (created on first sight); null when its URI is no valid
   * AI resource. Callers pass every subscription: the others (`vault://…`) cost one prefix test.
   */
  private entryOf(subscriber: AiSubscriber): Watched | null {
    if (!subscriber.uri.toLowerCase().startsWith(AI_SCHEME)) return null;
    const key = keyOf(subscriber);
    const existing = this.watched.get(key);
    if (existing !== undefined) return existing;
    const parts = splitAiResourceUri(subscriber.uri);
    if (parts === null) return null;
    let scope: AiScope;
    try {
      scope = readAiScope(subscriber.uri, parts.encoded);
    } catch {
      return null;
    }
    const entry: Watched = { uri: subscriber.uri, caller: subscriber.caller, kind: parts.kind, scope, paths: null, priming: false, touched: false, timer: null, running: Promise.resolve() };
    this.watched.set(key, entry);
    return entry;
  }

  private forgetAllBut(live: ReadonlySet<string>): void {
    for (const [key, entry] of this.watched) {
      if (live.has(key)) continue;
      if (entry.timer !== null) clearTimeout(entry.timer);
      this.watched.delete(key);
    }
  }
}

/** One watch per URI and scope set: what a derivation may see depends on the scopes only. */
function keyOf(subscriber: AiSubscriber): string {
  return JSON.stringify([subscriber.uri, [...subscriber.caller.scopes].sort()]);
}

function sameSet(first: ReadonlySet<string>, second: ReadonlySet<string>): boolean {
  return first.size === second.size && [...first].every((path) => second.has(path));
}
