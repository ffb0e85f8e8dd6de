import type { AiRuntime } from '../ai/runtime/ai-runtime';
import type { AppPort } from '../app/app-port';
import type { AiStreamListener } from '../ai/runtime/ai-stream-event';
import type { AuditRecorder } from '../audit/audit-log';
import type { SearchService } from '../search/service/search-service';
import type { StateWarning } from '../config/state-files';
import type { RecoveredIntent } from '../journal/intent-journal';
import type { EtagFunction } from '../vault/etag';
import type { Storage } from '../vault/storage';
import type { VaultHost } from '../vault/vault-host';
import type { Scope } from './operation';

/** What an operation's `run` is given: the vault, its state, and who is asking. */
export interface OperationContext {
  host: VaultHost;
  storage: Storage;
  etag: EtagFunction;
  audit: AuditRecorder;
  /** Who is calling (`token:<name>`, `cli`, `plugin`): recorded in audit events. */
  actor: string;
  clock: () => number;
  /** The vault's search index, or null when the engine was created without one. */
  search: SearchService | null;
  /** The scopes the caller holds (operations that write only on some inputs check them). */
  scopes: readonly Scope[];
  /** The AI runtime (switched off when no provider is configured). */
  ai: AiRuntime;
  /** The Obsidian app (editor, commands), or null on a headless host. Operations that declare `app` get it non-null. */
  app: AppPort | null;
  /** Operations a crash interrupted that were finished at start (`Engine.recoverInterrupted`). */
  recovered: readonly RecoveredIntent[];
  /** State files (configuration, tokens) that went missing since the last start. */
  stateWarnings: readonly StateWarning[];
  /** The names of the operations that need an AI provider (`requires`) and are offered now, in registry order. */
  offeredAiOperations: () => string[];
  /** Present when the caller asked for a streamed result: receives its events as they happen. */
  emit?: AiStreamListener;
  /** Cancels the call (the client went away). */
  signal?: AbortSignal;
}
