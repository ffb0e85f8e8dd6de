import { IndxError } from '../errors';
import type { OperationContext } from '../ops/operation-context';
import { DEFAULT_SCHEDULER } from '../search/service/scheduler';
import { Slicer } from '../search/service/slicer';
import { runSteps, runStepsPaced, type Steps } from '../steps';

/** The outcome of an ETag-checked write. */
export interface MutationResult {
  text: string;
  etag: string;
  etagBefore: string;
  /** False when the transform returned the text unchanged: nothing was written or audited. */
  changed: boolean;
}

/**
 * Atomically rewrites an existing file: the host's `process` runs `transform` on the current
 * text, the `ifMatch` ETag is checked inside that same atomic step (so a concurrent writer can
 * never slip in between), then the change is audited. A transform that throws writes nothing.
 */
export async function mutateFile(context: OperationContext, path: string, op: string, transform: (text: string) => string, ifMatch?: string): Promise<MutationResult> {
  requireFile(context, path);
  let etagBefore = '';
  let before = '';
  const text = await context.host.process(path, (current) => {
    before = current;
    etagBefore = context.etag(current);
    checkEtag(path, ifMatch, etagBefore);
    return transform(current);
  });
  const changed = text !== before;
  const etag = changed ? context.etag(text) : etagBefore;
  if (changed) recordMutation(context, op, path, etagBefore, etag);
  return { text, etag, etagBefore, changed };
}

/** How long a prepared edit's steps may run before it lets other work in (ms). */
const PREPARE_SLICE_MS = 10;

/**
 * {@link mutateFile} for an edit written in steps, so a long one does not hold the thread: the
 * edit is first prepared on the text read now, pausing between steps, and the atomic step only
 * writes that result when the text is still the same (in one go on the newer text otherwise, as
 * `mutateFile` would). A refusal on unchanged text is the prepared one, not worked out again.
 */
export async function mutateFileInSteps(context: OperationContext, path: string, op: string, edit: (text: string) => Steps<string>, ifMatch?: string): Promise<MutationResult> {
  // A file that cannot be read is left to mutateFile, which says why (not_found, …).
  const seen = await context.host.read(path).catch(() => null);
  let prepared: { text: string } | { error: unknown } | null = null;
  if (seen !== null && (ifMatch === undefined || ifMatch === context.etag(seen))) {
    const pause = new Slicer(DEFAULT_SCHEDULER, PREPARE_SLICE_MS).pause;
    prepared = await runStepsPaced(edit(seen), pause).then(
      (text) => ({ text }),
      (error: unknown) => ({ error }),
    );
  }
  return mutateFile(
    context,
    path,
    op,
    (current) => {
      if (prepared === null || current !== seen) return runSteps(edit(current));
      if ('error' in prepared) throw prepared.error;
      return prepared.text;
    },
    ifMatch,
  );
}

/** Throws `etag_mismatch` when `ifMatch` is given and differs from `current`. */
export function checkEtag(path: string, ifMatch: string | undefined, current: string): void {
  if (ifMatch !== undefined && ifMatch !== current) throw etagMismatch(path, ifMatch, current);
}

/** Records one mutation in the audit log, stamped with the context's clock and actor. */
export function recordMutation(context: OperationContext, op: string, path: string, etagBefore: string | null, etagAfter: string | null, to?: string): void {
  context.audit.record({ time: new Date(context.clock()).toISOString(), actor: context.actor, op, path, etag_before: etagBefore, etag_after: etagAfter, ...(to === undefined ? {} : { to }) });
}

/** Throws `not_found` unless `path` is an existing file. */
export function requireFile(context: OperationContext, path: string): void {
  if (context.host.stat(path) === null) {
    throw new IndxError('not_found', `No file at "${path}". Check the path with note_list or vault_search.`, { path });
  }
}

/** The `etag_mismatch` error, carrying the current ETag so the caller can re-read and retry. */
export function etagMismatch(path: string, expected: string, current: string): IndxError {
  return new IndxError('etag_mismatch', `"${path}" changed since you read it (expected etag ${expected}, current ${current}). Read it again and re-apply your change.`, { path, expected, current_etag: current });
}
