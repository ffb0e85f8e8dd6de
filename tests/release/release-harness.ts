import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

/** The repository root. */
export const ROOT = resolve(__dirname, '../..');

/** `npm run release`'s script. */
export const RELEASE_SCRIPT = resolve(ROOT, 'scripts/release.mjs');

/** Result of one child process. */
export interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** How a child process runs: its folder, its environment. */
export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

/** Runs `command args…`; resolves with its exit code and output (never rejects on a non-zero exit). */
export async function runProcess(command: string, args: string[], options: RunOptions = {}): Promise<ProcessResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, { cwd: options.cwd ?? ROOT, env: options.env ?? cleanEnvironment(), maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error: unknown) {
    const failed = error as { code: number | string; stdout?: string; stderr?: string; message: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** Runs `node scripts/release.mjs args…` from the repository root. */
export function runReleaseScript(args: string[], options: RunOptions = {}): Promise<ProcessResult> {
  return runProcess(process.execPath, [RELEASE_SCRIPT, ...args], options);
}

/**
 * This process's environment without npm's per-script variables (`npm_*`, set when the tests run
 * under `npm test`) or indx's (`INDX_*`), plus `extra`: a child npm then reads only its flags.
 */
export function cleanEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => !/^(npm_|INDX_)/i.test(name));
  return { ...Object.fromEntries(kept), ...extra };
}

/** The version of the `indx-mcp` package (every version source agrees with it: versions.test.ts). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(resolve(ROOT, 'packages/indx-mcp/package.json'), 'utf8')) as { version: string }).version;
}

/** The files `npm run release` writes for `version`, sorted: what the release workflow publishes. */
export function releaseFileNames(version: string): string[] {
  return ['SHA256SUMS', `indx-${version}.mcpb`, `indx-${version}.zip`, `indx-mcp-${version}.tgz`, 'main.js', 'manifest.json', 'styles.css'];
}

/** The SHA-256 of `bytes`, in hex. */
export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

// What a development build appends to each bundle (esbuild's inline source map).
const INLINE_SOURCE_MAP = /^\/\/# sourceMappingURL=data:/m;

/**
 * Runs the production build unless packages/indx-mcp/dist already holds one (the tests' global
 * setup builds it; a development build in between leaves inline source maps). The build writes
 * each file atomically, so CLI tests running meanwhile never see half a file.
 */
export async function ensureProductionBuild(): Promise<void> {
  const cli = resolve(ROOT, 'packages/indx-mcp/dist/cli.js');
  const built = await readFile(cli, 'utf8').catch(() => '');
  if (built !== '' && !INLINE_SOURCE_MAP.test(built)) return;
  const result = await runProcess(process.execPath, ['esbuild.config.mjs', 'production']);
  if (result.code !== 0) throw new Error(`the production build failed: ${result.stderr}`);
}
