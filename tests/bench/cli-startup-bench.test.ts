import { runBenchOnce } from './run-bench';

// Smoke test of `npm run bench:cli` (issue 15, item 1): one sample per row must give a time and a
// peak RSS for bare Node and for each `indx` command of the CLI jest's globalSetup built. Only that
// the figures exist is checked: the 150 ms goal is the benchmark's to report, never a test's to
// assert, as timings depend on the machine.


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
  it('times bare Node and each command in fresh processes, with their peak RSS, and cleans up', async () => {
    const { json, markdown, leftInTemp } = await runBenchOnce('cli-startup.mjs', 'cli-startup', 60_000);
    const report = json as Report;
    expect(report.samples).toBe(1);
    expect(report.failures).toEqual([]);
    expect(report.builds.map((build) => build.name)).toEqual(['candidate']);
    expect(report.rows.map((row) => row.key)).toEqual(['bare', 'help', 'note_help', 'version']);
    for (const row of report.rows) {
      expect([row.key, row.samples.length, (row.time?.median ?? 0) > 0, (row.rss?.median ?? 0) > 0]).toEqual([row.key, 1, true, true]);
    }
    expect(markdown).toMatch(/\| indx --help \| .* \| \*\*(PASS|MISS)\*\*/);
    // The run's temp folder (the copied build, the preload) is gone.
    expect(leftInTemp).toEqual([]);
  });
});
