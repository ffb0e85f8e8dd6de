import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO = path.resolve(__dirname, '../..');

/** What one run of a benchmark script left: its JSON and Markdown results, and what stayed in its TMPDIR. */
export interface BenchRun {
  json: unknown;
  markdown: string;
  leftInTemp: string[];
}

/**
 * Runs `bench/<script>` with one sample, the build jest's globalSetup made (`--no-build`), its
 * results written to a folder of its own and its own TMPDIR (so what it leaves behind is seen
 * apart from other processes' files); reads `*-<name>.json` and `*-<name>.md`, then removes both folders.
 */
export async function runBenchOnce(script: string, name: string, timeoutMs: number): Promise<BenchRun> {
  const results = await fs.mkdtemp(path.join(tmpdir(), `indx-${name}-results-`));
  const temp = await fs.mkdtemp(path.join(tmpdir(), `indx-${name}-tmp-`));
  try {
    await run(process.execPath, [`bench/${script}`, '--samples', '1', '--no-build', '--results', results], { cwd: REPO, timeout: timeoutMs, env: { ...process.env, TMPDIR: temp } });
    const written = await fs.readdir(results);
    const read = (suffix: string): Promise<string> => fs.readFile(path.join(results, written.find((file) => file.endsWith(`-${name}${suffix}`)) ?? 'missing'), 'utf8');
    return { json: JSON.parse(await read('.json')) as unknown, markdown: await read('.md'), leftInTemp: await fs.readdir(temp) };
  } finally {
    await fs.rm(results, { recursive: true, force: true });
    await fs.rm(temp, { recursive: true, force: true });
  }
}
