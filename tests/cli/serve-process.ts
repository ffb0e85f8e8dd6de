import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { CLI } from './run-cli';

/** A running `indx serve` child. */
export interface ServeProcess {
  child: ChildProcess;
  url: string;
  /** What it printed on stdout up to "Press Ctrl+C to stop." */
  printed: string;
  /** What it printed on stderr so far. */
  stderr: () => string;
}

/**
 * Starts `indx serve --vault VAULT --port 0 ARGS…` with INDX_HOME beside the vault (discovery
 * records stay out of the user's home) and resolves once it says it is ready.
 */
export function startServeProcess(vault: string, args: string[] = []): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI, 'serve', '--vault', vault, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, INDX_HOME: join(vault, '..', 'indx-home') } });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  return new Promise((resolveServer, reject) => {
    let printed = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(printed)?.[0];
      if (url !== undefined && printed.includes('Press Ctrl+C to stop.')) resolveServer({ child, url, printed, stderr: () => errors });
    });
    child.on('exit', (code) => reject(new Error(`indx serve exited with ${String(code)}: ${errors}`)));
  });
}

/** Sends `signal` and resolves once the child has exited. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolveExit) => {
    child.once('exit', () => resolveExit());
    child.kill(signal);
  });
}
