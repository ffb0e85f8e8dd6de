import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

// Smoke test of `npm run bench:cli` (issue 15, item 1): one sample per row must give a time and a
// peak RSS for bare Node and for each `indx` command of the CLI jest's globalSetup built. Only that
// the figures exist is checked: the 150 ms goal is the benchmark's to report, never a test's to
// assert, as timings depend on the machine.

const run = promisify(execFile);
const REPO = path.resolve(__dirname, '../..');

interface Stats {
  median: number;
  p90: number;
}

interface Report {
  samples: number;
  failures: string[];
  builds: { name: string; sha256: string }[];
  rows: { key: string; samples: unknown[]; time: Stats | null; rss: Stats | null }[];
}

describe('npm run bench:cli', () => {
  let results: string;
  /** The benchmark's TMPDIR: its own, so what it leaves behind is seen apart from other processes' files. */
  let temp: string;

  beforeAll(async () => {
    results = await fs.mkdtemp(path.join(tmpdir(), 'indx-cli-startup-results-'));
    temp = await fs.mkdtemp(path.join(tmpdir(), 'indx-cli-startup-tmp-'));
  });

  afterAll(async () => {
    await fs.rm(results, { recursive: true, force: true });
    await fs.rm(temp, { recursive: true, force: true });
  });

  it('times bare Node and each command in fresh processes, with their peak RSS, and cleans up', async () => {
    await run(process.execPath, ['bench/cli-startup.mjs', '--samples', '1', '--no-build', '--results', results], { cwd: REPO, timeout: 60_000, env: { ...process.env, TMPDIR: temp } });
    const written = await fs.readdir(results);
    const markdown = written.find((name) => name.endsWith('-cli-startup.md'));
    const report = JSON.parse(await fs.readFile(path.join(results, written.find((name) => name.endsWith('-cli-startup.json')) ?? 'missing'), 'utf8')) as Report;
    expect(report.samples).toBe(1);
    expect(report.failures).toEqual([]);
    expect(report.builds.map((build) => build.name)).toEqual(['candidate']);
    expect(report.rows.map((row) => row.key)).toEqual(['bare', 'help', 'note_help', 'version']);
    for (const row of report.rows) {
      expect([row.key, row.samples.length, (row.time?.median ?? 0) > 0, (row.rss?.median ?? 0) > 0]).toEqual([row.key, 1, true, true]);
    }
    expect(await fs.readFile(path.join(results, markdown ?? 'missing'), 'utf8')).toMatch(/\| indx --help \| .* \| \*\*(PASS|MISS)\*\*/);
    // The run's temp folder (the copied build, the preload) is gone.
    expect(await fs.readdir(temp)).toEqual([]);
  });
});
