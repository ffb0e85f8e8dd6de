import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { buildSync } from 'esbuild';

/** Another process holding a vault's write lock, as a headless `indx` started by an MCP client does. */
export interface LockHolder {
  pid: number;
  /** Releases the lock and waits for the process to exit. */
  release(): Promise<void>;
}

const REPOSITORY = path.resolve(__dirname, '../..');

// The child runs our own acquireWriteLock (bundled on the fly): same lock folder, same owner record.
const HOLDER_SOURCE = `
import { acquireWriteLock } from './src/hosts/node/write-lock';
void acquireWriteLock(process.env.INDX_TEST_STATE_DIR as string).then((release) => {
  process.stdout.write('locked\\n');
  process.stdin.once('data', () => void release().then(() => process.exit(0)));
});
`;

let bundled: string | null = null;

function holderScript(): string {
  bundled ??= buildSync({ stdin: { contents: HOLDER_SOURCE, resolveDir: REPOSITORY, loader: 'ts' }, bundle: true, platform: 'node', format: 'cjs', write: false, logLevel: 'silent' }).outputFiles[0]?.text ?? '';
  return bundled;
}

/** Starts a separate process that takes the write lock of `stateDir`; resolves once it holds it. */
export async function holdWriteLock(stateDir: string): Promise<LockHolder> {
  const child = spawn(process.execPath, ['-e', holderScript()], { env: { ...process.env, INDX_TEST_STATE_DIR: stateDir }, stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${String(code)}) before taking the lock`)));
    child.stdout?.once('data', () => resolve());
  });
  return { pid: child.pid ?? 0, release: () => releaseHolder(child) };
}

function releaseHolder(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdin?.write('release\n');
  return exited;
}
