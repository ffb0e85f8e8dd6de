import { clearInterval, setInterval } from 'node:timers';
import { resolve } from 'node:path';
import type { AiStreamListener } from '../../../../src/core/ai/runtime/ai-stream-event';
import { LOCAL_CALLER } from '../../../../src/core/engine';
import { IndxError } from '../../../../src/core/errors';
import type { Operation } from '../../../../src/core/ops/operation';
import { acquireWriteLock } from '../../../../src/hosts/node/write-lock';
import { openVault } from '../open-vault';
import { vaultStateDir } from '../vault-state-dir';

/**
 * Whether a call may write the vault or its state: write and admin operations, read operations
 * that write on some inputs (`apply`, `write`), and AI operations (their cache and daily spend).
 */
function writesState(operation: Operation): boolean {
  return operation.scope !== 'vault:read' || operation.writesWhen !== undefined || operation.requires !== undefined;
}

/** Runs the operation on the vault folder in this process, holding the write lock for writes; `onEvent` receives a streamed call's events. */
export async function runInProcess(operation: Operation, vault: string, input: Record<string, unknown>, idempotencyKey: string | undefined, onEvent?: AiStreamListener): Promise<Record<string, unknown>> {
  if (idempotencyKey !== undefined) {
    throw new IndxError('invalid_input', '--idempotency-key needs a running server, which keeps the responses to replay; in-process there is none. Start one with "indx serve --vault DIR", or drop --idempotency-key.', { idempotency_key: idempotencyKey });
  }
  const release = writesState(operation) ? await acquireWriteLock(vaultStateDir(resolve(vault))) : undefined;
  // The core waits (retry back-off, timeouts) on AbortSignal.timeout, which does not keep Node
  // alive: without a handle of its own the command would exit mid-call with nothing printed.
  const keepAlive = setInterval(() => undefined, 60_000);
  try {
    const opened = await openVault(vault, release !== undefined);
    try {
      return (await opened.engine.call(operation.name, input, LOCAL_CALLER, onEvent === undefined ? {} : { onEvent })).output as Record<string, unknown>;
    } finally {
      await opened.close();
    }
  } finally {
    clearInterval(keepAlive);
    await release?.();
  }
}
