// Starts one engine phase in a fresh Node process and collects what it reports, stopping it
// when it runs past its time limit (what it reported so far is kept).
import { fork } from 'node:child_process';
import { join } from 'node:path';

const CHILD = join(import.meta.dirname, '..', 'child.mjs');

/**
 * Runs `job` (see child.mjs) under `--expose-gc`; resolves to the reported values plus
 * `status` ('ok' | 'timeout' | 'error' | 'crashed') and `error` when not ok.
 */
export function runChild(job, { timeoutMs, heapMb }) {
  return new Promise((resolve) => {
    const values = {};
    const stderr = [];
    const child = fork(CHILD, [JSON.stringify(job)], {
      execArgv: ['--expose-gc', `--max-old-space-size=${heapMb}`],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stderr.on('data', (chunk) => {
      stderr.push(chunk.toString());
      if (stderr.length > 50) stderr.shift();
    });
    child.on('message', ({ key, value }) => {
      values[key] = value;
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) resolve({ ...values, status: 'timeout', error: `stopped after ${Math.round(timeoutMs / 1000)} s` });
      else if (values.done) resolve({ ...values, status: 'ok' });
      else if (values.error) resolve({ ...values, status: 'error' });
      else resolve({ ...values, status: 'crashed', error: crashReason(stderr.join(''), code, signal) });
    });
  });
}

/** A one-line reason for a child that died without reporting (out of memory, signal, code). */
function crashReason(stderr, code, signal) {
  if (/heap out of memory|Allocation failed/i.test(stderr)) return 'out of memory (JavaScript heap)';
  const lastLine = stderr.trim().split('\n').filter(Boolean).pop();
  return `exited with ${signal ?? code}${lastLine ? `: ${lastLine.slice(0, 200)}` : ''}`;
}
