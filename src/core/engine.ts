import type { AppPort } from './app/app-port';
import { AiRuntime, type AiRuntimeOptions } from './ai/runtime/ai-runtime';
import type { AiStreamListener } from './ai/runtime/ai-stream-event';
import { guardAiCall } from './ai/runtime/guard-ai-call';
import { isAiDenied } from './ai/scope/ai-path-filter';
import { AuditLog, type AuditRecorder } from './audit/audit-log';
import { toCanonicalJson } from './canonical-json';
import { checkStateFiles, type StateWarning } from './config/state-files';
import { readVaultConfig, type VaultConfig } from './config/vault-config';
import { IndxError } from './errors';
import { readJournal, type JournalEntry, type RecoveredIntent } from './journal/intent-journal';
import { ALL_OPERATIONS } from './ops/all-operations';
import type { Operation, Scope } from './ops/operation';
import type { OperationContext } from './ops/operation-context';
import { OperationRegistry, type Invocation } from './ops/registry';
import { hasScope, SCOPES } from './ops/scopes';
import type { Scheduler } from './search/service/scheduler';
import { SearchService } from './search/service/search-service';
import type { PersistentVectorSearch } from './search/service/vector-feeder';
import { loadEtagFunction, type EtagFunction } from './vault/etag';
import type { Storage } from './vault/storage';
import { createPathPolicy, sameRules } from './vault/path-policy';
import { PolicyHost } from './vault/policy-host';
import type { VaultHost } from './vault/vault-host';

/** Who is calling the engine and what they may do. */
export interface Caller {
  actor: string;
  scopes: readonly Scope[];
  /** The only tools this caller may see and call (its token's profile); absent: every tool its scopes allow. */
  tools?: readonly string[];
}

/** Options of the engine's search index (see {@link SearchService}). */
export interface EngineSearchOptions {
  /** Embeddings for semantic and hybrid search (the service loads and saves them); lexical only without. */
  vectors?: PersistentVectorSearch | null;
  scheduler?: Scheduler;
  /** Longest synchronous slice of indexing work (default 10 ms). */
  sliceMs?: number;
  /** Quiet time after the last change before the index is saved (default 2 s). */
  saveDelayMs?: number;
  /** Answer searches only once the initial build is done: for one-shot commands (default false). */
  waitForIndex?: boolean;
}

/** Options for `Engine.create`. */
export interface EngineOptions {
  host: VaultHost;
  storage: Storage;
  clock?: () => number;
  /**
   * The search index: options, or false for none (tiny one-shot commands; `vault_search` then
   * fails). The index is created here but starts lazily, at the first search or `search.start()`.
   */
  search?: EngineSearchOptions | false;
  /** The AI runtime's environment and provider plumbing; without it AI is off unless the vault configuration names a reachable provider. */
  ai?: AiRuntimeOptions;
  /** Longest a call waits for the host to finish opening the vault before it fails with `vault_opening` (default 30 s). */
  openWaitMs?: number;
  /** The Obsidian app (editor, commands): the plugin gives it; headless there is none. */
  app?: AppPort;
}

/** Per-call options of `Engine.call`. */
export interface CallOptions {
  /** Asks for a streamed result: AI operations that stream send their events here. */
  onEvent?: AiStreamListener;
  /** Cancels the call (the client went away). */
  signal?: AbortSignal;
}

/** Longest wait of `Engine.close` for the calls still running. */
const CLOSE_WAIT_MS = 10_000;

/** Longest a call waits for a headless host still reading the vault at start (see `Engine.whenOpen`). */
const OPEN_WAIT_MS = 30_000;

/** The caller used by local, trusted entry points (the CLI on the user's own machine). */
export const LOCAL_CALLER: Caller = { actor: 'cli', scopes: SCOPES };

/**
 * The core engine over one vault: the operation registry bound to a host, its state storage,
 * the ETag function, the audit log and the search index. Surfaces call `call`; they never reach
 * the host directly. Long-running surfaces call `search?.start()` at start-up so the index is
 * built before the first search, and `close()` on shutdown.
 */
export class Engine {
  readonly registry = new OperationRegistry(ALL_OPERATIONS);
  readonly audit: AuditLog;
  /** The search index (lazily started), or null when created with `search: false`. */
  readonly search: SearchService | null;
  /** The AI runtime (off when no provider is configured). */
  readonly ai: AiRuntime;

  private readonly policyHost: PolicyHost;
  /** The last reload of the configuration; the next one starts after it (see `reloadConfig`). */
  private reloading: Promise<unknown> = Promise.resolve();
  /** Calls running now: `close` waits for them, so a host releases the write lock only once they end. */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Operations a crash interrupted, finished by `recoverInterrupted` (reported by `vault_status`). */
  private recovered: RecoveredIntent[] = [];
  /** The configuration in force, as canonical JSON, and how many times it changed (see `answerState`). */
  private configText: string;
  private configGeneration = 0;

  private constructor(
    host: VaultHost,
    readonly storage: Storage,
    readonly etag: EtagFunction,
    private readonly clock: () => number,
    search: EngineSearchOptions | false,
    config: VaultConfig,
    ai: AiRuntimeOptions,
    /** State files that went missing since the last start (see `checkStateFiles`). */
    readonly stateWarnings: readonly StateWarning[],
    private readonly openWaitMs: number,
    /** The Obsidian app, or null on a headless host (see `Operation.app`). */
    readonly app: AppPort | null,
  ) {
    this.policyHost = new PolicyHost(host);
    this.policyHost.setPolicy(createPathPolicy(config.access));
    this.audit = new AuditLog(storage);
    // The AI deny globs keep a note from the embeddings provider too (seed 002 §14: no provider sees it).
    const mayEmbed = (path: string): boolean => !isAiDenied(this.ai.settings.deny_globs, path);
    this.search = search === false ? null : new SearchService({ ...search, host: this.policyHost, storage, checksum: etag, clock, mayEmbed });
    this.ai = new AiRuntime(storage, ai, () => this.search?.hasVectors() === true, clock);
    this.ai.configure(config.ai, config.search.embeddings);
    this.configText = toCanonicalJson(config);
  }

  /**
   * What, besides the vault's files, a read's answer depends on: the search index's state, the
   * embeddings (whether they answer, how many vectors: they keep landing after the index is
   * ready) and the configuration in force (path rules, AI and embeddings settings). Equal
   * strings: a read made under one answers the same under the other, given the same files. A
   * cache of answers keys on it.
   */
  answerState(): string {
    const vectors = this.search?.vectorStats() ?? null;
    const embedded = vectors === null ? 'none' : `${vectors.available ? 'on' : 'off'}/${vectors.vectors}`;
    return `${this.search?.status().state ?? 'off'}:${embedded}:${this.configGeneration}`;
  }

  /** True while the search index is still being built: answers then cover only part of the vault. */
  indexing(): boolean {
    return this.search?.status().state === 'building';
  }

  /**
   * The vault as every surface sees it: the host given to `create`, seen through the
   * configuration's path rules (excluded paths hidden, read-only paths unwritable).
   */
  get host(): VaultHost {
    return this.policyHost;
  }

  /** Creates an engine; loads the ETag hasher and the vault configuration first. */
  static async create(options: EngineOptions): Promise<Engine> {
    const config = await readVaultConfig(options.storage);
    const warnings = await checkStateFiles(options.storage);
    return new Engine(options.host, options.storage, await loadEtagFunction(), options.clock ?? Date.now, options.search ?? {}, config, options.ai ?? {}, warnings, options.openWaitMs ?? OPEN_WAIT_MS, options.app ?? null);
  }

  /**
   * Reads the vault configuration again and applies its path rules; hosts that change the
   * configuration file themselves (the plugin's settings tab) call it after writing. Reloads run
   * one after another, each reading the file once the previous one is applied: a slow read of an
   * older file can never be applied after a newer one (which could lift new deny globs or path
   * rules).
   */
  reloadConfig(): Promise<VaultConfig> {
    const next = this.reloading.then(
      () => this.applyConfigFile(),
      () => this.applyConfigFile(),
    );
    this.reloading = next.catch(() => undefined);
    return next;
  }

  private async applyConfigFile(): Promise<VaultConfig> {
    const config = await readVaultConfig(this.storage);
    const text = toCanonicalJson(config);
    if (text !== this.configText) [this.configText, this.configGeneration] = [text, this.configGeneration + 1];
    if (!sameRules(this.policyHost.policy.rules, config.access)) this.policyHost.setPolicy(createPathPolicy(config.access));
    const denied = this.ai.settings.deny_globs.join('\n');
    this.ai.configure(config.ai, config.search.embeddings);
    if (this.ai.settings.deny_globs.join('\n') !== denied) void this.search?.recheckVectors();
    return config;
  }

  /**
   * Removes the state folder's leftovers of interrupted atomic writes (`Storage.sweep`), then
   * finishes the multi-file operations a crash interrupted (folder moves, tag renames), from the
   * intent journal in the state folder: each operation's `recover` completes the work or, when
   * nothing had changed yet, drops it. Each is audited (op, subject, outcome) and reported by
   * `vault_status` for the life of this engine. Hosts call it once at start, holding the vault's
   * write lock and before serving: another writer's entry is never taken for a dead one. An
   * entry that cannot be finished is kept for the next start and reported as `failed`.
   */
  async recoverInterrupted(): Promise<RecoveredIntent[]> {
    await this.storage.sweep?.();
    const found: RecoveredIntent[] = [];
    const writable = (await this.reloadConfig()).access.write_enabled;
    const entries = await readJournal(this.storage);
    // Finishing work needs the whole vault: a host still reading it is waited for (only then, and however long).
    if (entries.length > 0) await this.policyHost.whenOpen();
    for (const entry of entries) found.push(await this.recoverEntry(entry, writable));
    this.recovered.push(...found);
    await this.audit.flush();
    return found;
  }

  private async recoverEntry(entry: JournalEntry, writable: boolean): Promise<RecoveredIntent> {
    const { record } = entry;
    if (record === null) return { op: 'unknown', subject: entry.name, to: '', actor: '', started_at: '', outcome: 'failed', files: 0, error: entry.problem ?? 'unreadable' };
    const report = { op: record.op, subject: record.subject, to: record.to, actor: record.actor, started_at: record.started_at };
    // Writes switched off: nothing is written, the entry waits for a start with writes on.
    if (!writable) return { ...report, outcome: 'failed', files: 0, error: 'Writes are switched off for this vault (access.write_enabled is false); the entry is kept until a start with writes on.' };
    const operation = this.registry.list().find((candidate) => candidate.name === record.op);
    if (operation?.recover === undefined) return { ...report, outcome: 'failed', files: 0, error: `No operation "${record.op}" that can finish it in this version.` };
    const audit = this.audit.begin(this.clock);
    try {
      const { outcome, files } = await operation.recover(record.plan, this.contextFor({ actor: 'indx:recovery', scopes: SCOPES }, audit, {}));
      audit.record({ time: new Date(this.clock()).toISOString(), actor: 'indx:recovery', op: record.op, path: record.subject, to: record.to, etag_before: null, etag_after: null, recovery: outcome });
      await this.storage.remove(entry.name);
      return { ...report, outcome, files };
    } catch (error: unknown) {
      return { ...report, outcome: 'failed', files: 0, error: error instanceof Error ? error.message : String(error) };
    } finally {
      audit.end();
    }
  }

  /**
   * Resolves once the host holds the whole vault. A headless host reads it in the background at
   * start; a call waits for that at most `openWaitMs`, then fails with `vault_opening` (HTTP 503),
   * saying how far reading got: the client may retry, `vault_status` answers meanwhile.
   */
  async whenOpen(): Promise<void> {
    const state = this.policyHost.opening()?.state;
    if (state === undefined || state === 'open') return;
    const waited = new Promise<'timeout'>((resolve) => AbortSignal.timeout(this.openWaitMs).addEventListener('abort', () => resolve('timeout')));
    if ((await Promise.race([this.policyHost.whenOpen(), waited])) !== 'timeout') return;
    const progress = this.policyHost.opening();
    const read = progress === null ? '' : ` (${progress.notes_parsed + progress.notes_from_cache} of ${progress.notes} notes read so far)`;
    throw new IndxError('vault_opening', `The vault is still being read after this server started${read}, and this call waited ${Math.round(this.openWaitMs / 1000)} s for it. Retry shortly; vault_status shows the progress.`, { opening: progress, waited_ms: this.openWaitMs });
  }

  /**
   * Waits for the calls running now (at most `CLOSE_WAIT_MS`), stops the search index (saving
   * what changed) and flushes the audit log. Waiting matters: a host releases the write lock after
   * this, and the next holder finishes journal entries it finds; one of a call still writing
   * would be finished twice.
   */
  async close(): Promise<void> {
    if (this.inFlight.size > 0) await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((resolve) => AbortSignal.timeout(CLOSE_WAIT_MS).addEventListener('abort', resolve))]);
    await this.search?.stop();
    this.policyHost.close();
    await this.audit.flush();
  }

  /**
   * The operations a caller with `scopes` may see: those its scopes allow, less the AI
   * operations while no provider they need is configured (seed 002 §2: AI tools appear only
   * once a provider is set up).
   */
  operationsFor(scopes: readonly Scope[], tools?: readonly string[]): Operation[] {
    return this.registry.visibleTo(scopes, tools).filter((operation) => this.offers(operation));
  }

  /**
   * Subscribes to changes of what the engine offers (an AI provider configured or removed, the
   * editor switched on or off, commands allowed or not), so long-lived MCP sessions can update
   * their tool list; returns the unsubscribe function.
   */
  onOfferChange(listener: () => void): () => void {
    const stops = [this.ai.onOfferChange(listener), this.app?.onSettingsChange(listener)];
    return () => {
      for (const stop of stops) stop?.();
    };
  }

  /** The operations offered now, whatever the caller's scopes (AI operations only while their provider is configured). */
  offeredOperations(): Operation[] {
    return this.registry.list().filter((operation) => this.offers(operation));
  }

  /**
   * Whether an operation (or the one called so) is offered now: AI operations need their provider
   * role, app operations the app and the user's leave (see `Operation.app`).
   */
  offers(operationOrName: Operation | string): boolean {
    const operation = typeof operationOrName === 'string' ? this.registry.get(operationOrName) : operationOrName;
    if (operation.app !== undefined && appRefusal(this.app, operation.app) !== null) return false;
    if (operation.requires === undefined) return true;
    return operation.requires === 'chat' ? this.ai.available && this.ai.chat !== null : this.ai.available;
  }

  /**
   * Runs the operation `name` with `input` on behalf of `caller`. Calls that write fail with
   * `forbidden` while the vault's configuration has writes switched off.
   */
  call(name: string, input: unknown, caller: Caller = LOCAL_CALLER, options: CallOptions = {}): Promise<Invocation> {
    const running = this.run(name, input, caller, options);
    this.inFlight.add(running);
    void running.then(
      () => this.inFlight.delete(running),
      () => this.inFlight.delete(running),
    );
    return running;
  }

  private async run(name: string, input: unknown, caller: Caller, options: CallOptions): Promise<Invocation> {
    // Writes read the configuration afresh (it may have changed on disk); reads use the rules in force.
    const beforeWrite = async (): Promise<void> => {
      if ((await this.reloadConfig()).access.write_enabled) return;
      throw new IndxError('forbidden', `Writes are switched off for this vault (access.write_enabled is false), so ${name} cannot write. An admin can re-enable them with vault_config_set.`, { operation: name });
    };
    // The operation's audit events are recorded when it ends, stamped with its duration.
    const operation = this.registry.get(name);
    // A caller the operation refuses hears `forbidden` (from the registry), not that the app is missing.
    if (operation.app !== undefined && hasScope(caller.scopes, operation.scope)) requireApp(this.app, operation);
    if (operation.answersWhileOpening !== true) await this.whenOpen();
    const audit = this.audit.begin(this.clock);
    try {
      const guarded = { operation, input, runtime: this.ai, audit, actor: caller.actor, scopes: caller.scopes, clock: this.clock };
      const invocation = await guardAiCall(guarded, (recorder) => this.registry.invoke(name, input, this.contextFor(caller, recorder, options), caller.scopes, beforeWrite, caller.tools));
      if (name === 'vault_config_set') await this.reloadConfig();
      return invocation;
    } finally {
      audit.end();
    }
  }

  private contextFor(caller: Caller, audit: AuditRecorder, options: CallOptions): OperationContext {
    return {
      host: this.host,
      storage: this.storage,
      etag: this.etag,
      audit,
      actor: caller.actor,
      clock: this.clock,
      search: this.search,
      scopes: caller.scopes,
      ai: this.ai,
      app: this.app,
      recovered: this.recovered,
      stateWarnings: this.stateWarnings,
      offeredAiOperations: () => this.offeredOperations().filter((operation) => operation.requires !== undefined).map((operation) => operation.name),
      ...(options.onEvent === undefined ? {} : { emit: options.onEvent }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    };
  }
}

/** Why the app cannot give what an operation needs now, or null when it can. */
function appRefusal(app: AppPort | null, needs: NonNullable<Operation['app']>): string | null {
  if (app === null) return 'This server runs without Obsidian (headless), so there is no editor and no command palette. Start Obsidian with the indx plugin and connect to its server instead.';
  if (needs === 'editor') return app.editorEnabled() ? null : 'The user has not let agents see the editor: in Obsidian, Settings → indx → Editor and commands → "Let agents see and steer the editor".';
  return app.allowedCommands().length > 0 ? null : 'The user has allowed no Obsidian command: in Obsidian, Settings → indx → Editor and commands → "Commands agents may run".';
}

/** Throws `editor_unavailable` unless the app gives what `operation` needs now. */
function requireApp(app: AppPort | null, operation: Operation): void {
  const needs = operation.app;
  if (needs === undefined) return;
  const refusal = appRefusal(app, needs);
  if (refusal !== null) throw new IndxError('editor_unavailable', `${operation.name} needs the Obsidian app. ${refusal}`, { operation: operation.name, needs, headless: app === null });
}
