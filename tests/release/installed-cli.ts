import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { cleanEnvironment, ROOT, runProcess } from './release-harness';

/** A folder outside the repository: the package's tarball, an npm prefix it is installed into, a home. */
export interface InstallSite {
  /** The temp folder holding everything below; removing it removes the install. */
  work: string;
  /** `npm pack`'s file list of the tarball, as it reports it. */
  packed: string[];
  /** The tarball `npm pack` wrote. */
  tarball: string;
  /** The npm prefix the package is installed into (`npm install --global --prefix`). */
  prefix: string;
  /** The installed `indx` command (`<prefix>/bin/indx`). */
  command: string;
  /** A folder with no repository around it, to run commands from. */
  outside: string;
  /** The environment commands run with: a throwaway HOME and INDX_HOME, Node on PATH, no npm_* or INDX_* variables. */
  env: Record<string, string>;
}

/** Writes packages/indx-mcp's tarball into `<work>/pack` with `npm pack`; resolves with its path and file list. */
async function pack(work: string, env: Record<string, string>): Promise<{ tarball: string; packed: string[] }> {
  const destination = join(work, 'pack');
  await mkdir(destination);
  const result = await runProcess('npm', ['pack', './packages/indx-mcp', '--pack-destination', destination, '--json'], { env });
  if (result.code !== 0) throw new Error(`npm pack failed: ${result.stderr}`);
  const [report] = JSON.parse(result.stdout) as { filename: string; files: { path: string }[] }[];
  if (report === undefined) throw new Error(`npm pack printed no report: ${result.stdout}`);
  return { tarball: join(destination, report.filename), packed: report.files.map((file) => file.path).sort() };
}

/**
 * Installs `tarball` globally into the empty `prefix`, from a folder outside the repository, with
 * its own cache and config files (the user's npm setup is neither read nor touched) and no
 * registry: the package has no dependencies, so `--offline` must be enough.
 */
async function install(tarball: string, prefix: string, site: Pick<InstallSite, 'work' | 'outside' | 'env'>): Promise<void> {
  const config = ['--userconfig', join(site.work, 'npmrc'), '--globalconfig', join(site.work, 'global-npmrc'), '--cache', join(site.work, 'npm-cache')];
  const quiet = ['--offline', '--no-audit', '--no-fund', '--no-update-notifier'];
  const result = await runProcess('npm', ['install', '--global', '--prefix', prefix, ...config, ...quiet, tarball], { cwd: site.outside, env: site.env });
  if (result.code !== 0) throw new Error(`npm install of ${tarball} failed: ${result.stderr}`);
}

/** A new temp folder (its real path) for {@link packAndInstall}; the caller removes it. */
export async function makeWorkFolder(): Promise<string> {
  return realpath(await mkdtemp(join(tmpdir(), 'indx-tarball-')));
}

/** Packs packages/indx-mcp and installs the tarball into a fresh prefix inside `work`. */
export async function packAndInstall(work: string): Promise<InstallSite> {
  const outside = join(work, 'outside');
  const home = join(work, 'home');
  await Promise.all([mkdir(outside), mkdir(home), mkdir(join(work, 'indx-home'))]);
  const env = cleanEnvironment({ HOME: home, INDX_HOME: join(work, 'indx-home'), PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` }) as Record<string, string>;
  const { tarball, packed } = await pack(work, env);
  const prefix = join(work, 'prefix');
  await install(tarball, prefix, { work, outside, env });
  return { work, packed, tarball, prefix, command: join(prefix, 'bin', 'indx'), outside, env };
}

/** Copies the repository's demo vault (without indx's state or trash) to `<work>/demo-vault`. */
export async function copyDemoVault(work: string): Promise<string> {
  const source = join(ROOT, 'demo-vault');
  const vault = join(work, 'demo-vault');
  const skipped = [join(source, '.indx'), join(source, '.trash')];
  await cp(source, vault, { recursive: true, filter: (path) => !skipped.some((folder) => path === folder || path.startsWith(`${folder}/`)) });
  return vault;
}

/** A running `indx serve`, with what it printed up to "Press Ctrl+C to stop.". */
export interface ServeProcess {
  child: ChildProcess;
  printed: string;
}

/**
 * Starts `indx args…` (a serve command) from `site.outside`; resolves once it says it serves.
 * A server that has not said so within `timeoutMs` is killed and the promise rejects.
 */
export function startServe(site: InstallSite, args: string[], timeoutMs = 30_000): Promise<ServeProcess> {
  const child = spawn(site.command, args, { cwd: site.outside, env: site.env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolveStarted, reject) => {
    let printed = '';
    let errors = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`indx serve did not start within ${timeoutMs} ms: ${printed}${errors}`));
    }, timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      if (!printed.includes('Press Ctrl+C to stop.')) return;
      clearTimeout(timer);
      resolveStarted({ child, printed });
    });
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`indx serve exited with ${String(code)}: ${errors}`));
    });
  });
}

/** Stops `child` with SIGTERM (SIGKILL after `graceMs`); resolves with its exit code. */
export function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolveExit) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', (code) => {
      clearTimeout(kill);
      resolveExit(code);
    });
    child.kill('SIGTERM');
  });
}
