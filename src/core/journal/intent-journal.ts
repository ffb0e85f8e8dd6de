import { IndxError } from '../errors';
import type { OperationContext } from '../ops/operation-context';
import type { Storage } from '../vault/storage';

/** The state folder's sub-folder holding one file per multi-file write in progress. */
export const JOURNAL_FOLDER = 'journal';

/**
 * A multi-file write in progress, written to the state folder before its first change and removed
 * after its last. If the process dies in between, the next start finds it and the operation named
 * `op` finishes the job from `plan` (see `Operation.recover`).
 */
export interface IntentRecord {
  version: 1;
  id: string;
  /** The operation that wrote it (its registry name). */
  op: string;
  actor: string;
  started_at: string;
  /** What it works on, for reports: the path moved, the tag renamed. */
  subject: string;
  /** Where it goes, for reports: the destination, the new tag. */
  to: string;
  /** What the operation needs to finish, in its own shape (it validates it when recovering). */
  plan: unknown;
}

/** A journal entry written by {@link beginIntent}; `finish` removes it once every file is written. */
export interface OpenIntent {
  finish(): Promise<void>;
}

/** What recovering one interrupted operation did, as the operation reports it. */
export interface RecoveryOutcome {
  /** `completed`: the rest of the work is done now; `rolled_back`: nothing had changed, nothing was done. */
  outcome: 'completed' | 'rolled_back';
  /** Files written while recovering. */
  files: number;
}

/** An interrupted operation found at start, as `vault_status` reports it. */
export interface RecoveredIntent {
  op: string;
  subject: string;
  to: string;
  actor: string;
  started_at: string;
  /** `failed`: the entry could not be read or finished; it is kept and `error` says why. */
  outcome: RecoveryOutcome['outcome'] | 'failed';
  files: number;
  error?: string;
}

/**
 * Writes the intent of a multi-file operation atomically before it touches any file. The caller
 * calls `finish` after its last write; when it fails half-way it leaves the entry for the next
 * start to complete.
 */
export async function beginIntent(context: OperationContext, op: string, subject: { subject: string; to: string }, plan: unknown): Promise<OpenIntent> {
  const started = context.clock();
  const id = `${started.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const record: IntentRecord = { version: 1, id, op, actor: context.actor, started_at: new Date(started).toISOString(), ...subject, plan };
  const name = `${JOURNAL_FOLDER}/${id}.json`;
  await context.storage.write(name, JSON.stringify(record));
  return { finish: () => context.storage.remove(name) };
}

/** One entry of the journal: its storage name and its record (null when it cannot be read as one). */
export interface JournalEntry {
  name: string;
  record: IntentRecord | null;
  problem?: string;
}

/** The entries left in the journal, oldest first. */
export async function readJournal(storage: Storage): Promise<JournalEntry[]> {
  const names = (await storage.list(JOURNAL_FOLDER)).filter((name) => name.endsWith('.json'));
  const entries = await Promise.all(names.map((name) => readEntry(storage, name)));
  return entries.sort((a, b) => (a.record?.started_at ?? '').localeCompare(b.record?.started_at ?? ''));
}

async function readEntry(storage: Storage, name: string): Promise<JournalEntry> {
  const bytes = await storage.read(name);
  if (bytes === null) return { name, record: null, problem: 'the entry vanished while it was read' };
  try {
    const value = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    if (isIntentRecord(value)) return { name, record: value };
    return { name, record: null, problem: 'the entry is not an indx intent record (version 1)' };
  } catch (error: unknown) {
    return { name, record: null, problem: `the entry is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function isIntentRecord(value: unknown): value is IntentRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return record.version === 1 && ['id', 'op', 'actor', 'started_at', 'subject', 'to'].every((key) => typeof record[key] === 'string') && 'plan' in record;
}

/** The error a recovery throws when an entry's plan does not have the shape its operation wrote. */
export function unreadablePlan(op: string, detail: string): IndxError {
  return new IndxError('internal_error', `The journal entry of an interrupted ${op} has a plan this version cannot read (${detail}). It is kept in the state folder's journal/ folder.`, { op });
}

/** One sentence about a recovered operation, for start-up logs. */
export function describeRecovered(recovered: RecoveredIntent): string {
  const what = `${recovered.op} of "${recovered.subject}" to "${recovered.to}" (started ${recovered.started_at || 'at an unknown time'})`;
  if (recovered.outcome === 'completed') return `a crash interrupted ${what}; finished it now (${recovered.files} file${recovered.files === 1 ? '' : 's'} written).`;
  if (recovered.outcome === 'rolled_back') return `a crash interrupted ${what} before it changed anything; dropped it.`;
  return `a crash interrupted ${what} and it could not be finished: ${recovered.error ?? 'unknown error'} The journal entry is kept for the next start.`;
}
