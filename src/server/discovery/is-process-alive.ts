/** Sends a signal as `process.kill` does; signal 0 only checks that the process can be signalled. */
export type SignalProcess = (pid: number, signal: number) => unknown;

/**
 * True when a process with `pid` exists and belongs to this user. A pid that is not a positive
 * integer is never alive (`kill(0)` and negative pids address process groups). Security: EPERM
 * (the process belongs to another user, pid 1 say) counts as gone, so a record naming someone
 * else's process is stale rather than live.
 */
export function isProcessAlive(pid: number, signal: SignalProcess = (target, number) => process.kill(target, number)): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    signal(pid, 0);
    return true;
  } catch {
    return false;
  }
}
