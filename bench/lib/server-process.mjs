// A server process the benchmark owns: spawned in a process group of its own (so a timeout or a
// failure kills the whole group, whatever it started), its output kept, its memory read from
// /proc, stopped cleanly (SIGTERM, wait for exit) or killed. Used by bench/server.mjs.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A loopback port nobody listens on now: taken from the system, then let go. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * VmRSS (resident now) and VmHWM (the peak so far) of `pid`, in MB, from /proc/<pid>/status;
 * null where /proc is not there (not Linux) or the process is gone.
 */
export function readMemory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => {
      const found = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
      return found ? Number(found[1]) / 1024 : null;
    };
    return { rssMb: field('VmRSS'), hwmMb: field('VmHWM') };
  } catch {
    return null;
  }
}

/**
 * Spawns `command args` detached (a process group of its own) with stdin, stdout and stderr
 * piped. Returns `{ child, pid, spawnedAt, output(), exited, stop(ms), kill() }`: `spawnedAt`
 * is performance.now() just before the spawn, `output()` the last 64 KB of stdout and stderr,
 * `exited` a promise of `{ code, signal }`.
 */
export function spawnOwned(command, args, { env, cwd, keepStdout = true } = {}) {
  const spawnedAt = performance.now();
  const child = spawn(command, args, { env, cwd, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  let text = '';
  const keep = (chunk) => {
    text = (text + chunk).slice(-65_536);
  };
  if (keepStdout) child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  // A server that dies leaves a broken pipe behind: that is reported by `exited`, not thrown.
  child.stdin.on('error', () => {});
  const exited = new Promise((resolve) => {
    child.on('error', (error) => resolve({ code: null, signal: null, error: error.message }));
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const signalGroup = (signal) => {
    if (gone || child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  return {
    child,
    pid: child.pid,
    spawnedAt,
    output: () => text,
    exited,
    isRunning: () => !gone,
    /** SIGKILL to the whole group; resolves once the process has exited. */
    async kill() {
      signalGroup('SIGKILL');
      return exited;
    },
    /**
     * SIGTERM to the process, then waits up to `ms` for it to exit; past that the group is
     * killed. Resolves to `{ clean, ms, code, signal }` (clean: it exited by itself in time).
     */
    async stop(ms) {
      const start = performance.now();
      if (!gone && child.pid !== undefined) {
        try {
          process.kill(child.pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
      }
      let timer;
      const late = new Promise((resolve) => {
        timer = setTimeout(() => resolve(null), ms);
      });
      const result = await Promise.race([exited, late]);
      clearTimeout(timer);
      if (result === null) {
        signalGroup('SIGKILL');
        const killed = await exited;
        return { clean: false, ms: performance.now() - start, ...killed, reason: `did not exit within ${Math.round(ms / 1000)} s of SIGTERM (killed)` };
      }
      // Whatever the process left running in its group goes too.
      signalGroup('SIGKILL');
      return { clean: true, ms: performance.now() - start, ...result };
    },
  };
}

/** Rejects with `message` after `ms` unless `promise` settles first. */
export function withDeadline(promise, ms, message) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), Math.max(0, ms));
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
