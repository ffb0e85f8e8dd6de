import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

/** The bundled `indx` command the tests run. */
export const CLI = resolve(__dirname, '../../packages/indx-mcp/dist/cli.js');

/** Result of one `indx` run. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `indx args…` as a child process; resolves with its exit code and output. `environment`
 * replaces the child's environment (default: this process's).
 */
export async function runCli(args: string[], environment?: NodeJS.ProcessEnv): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], { env: environment ?? process.env });
    return { code: 0, stdout, stderr };
  } catch (error: unknown) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * This process's environment without any `INDX_*` variable, with `INDX_HOME` set to `home` (so
 * no server of the machine running the tests is discovered) and `extra` added.
 */
export function isolatedEnvironment(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => !name.startsWith('INDX_'));
  return { ...Object.fromEntries(kept), INDX_HOME: home, ...extra };
}

/** The `{error}` object a failed command printed on stderr (its last line: log lines may come before it). */
export function printedError(result: CliResult): { code: string; message: string; details: Record<string, unknown> } {
  return (JSON.parse(result.stderr.trimEnd().split('\n').at(-1) ?? '') as { error: { code: string; message: string; details: Record<string, unknown> } }).error;
}
