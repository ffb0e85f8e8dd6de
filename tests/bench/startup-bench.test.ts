import { runBenchOnce } from './run-bench';

// Smoke test of `npm run bench:startup` (issue 15, item 2): one sample per build must measure
// every phase for the baseline and for the main.js jest's globalSetup built. Only that the figures
// exist is checked: the start-up goals (evaluation ≤ 60 ms, onload ≤ 10 ms) are the benchmark's to
// report, never a test's to assert, as timings depend on the machine.

const PHASES = ['evaluation_ms', 'evaluation_heap_mb', 'evaluation_heap_retained_mb', 'evaluation_rss_mb', 'onload_ms', 'first_mcp_ms', 'first_rest_ms', 'rss_answered_mb'];

interface Stats {
  median: number;
  p90: number;
}

interface Report {
  samples: number;
  loadAverage: { start: number[]; end: number[] };
  builds: { name: string; sha256: string; samples: Record<string, number>[]; failures: unknown[]; summary: Record<string, Stats | null> }[];
}

describe('npm run bench:startup', () => {
  it('measures every phase for the baseline and the candidate, one fresh process each, and cleans up', async () => {
    const { json, markdown, leftInTemp } = await runBenchOnce('startup.mjs', 'startup', 150_000);
    expect(markdown).not.toBe('');
    const report = json as Report;
    expect(report.samples).toBe(1);
    expect(report.loadAverage.start).toHaveLength(3);
    expect(report.builds.map((build) => build.name)).toEqual(['baseline', 'candidate']);
    for (const build of report.builds) {
      expect(build.failures).toEqual([]);
      expect(build.samples).toHaveLength(1);
      expect(build.sha256).toMatch(/^[0-9a-f]{64}$/);
      for (const phase of PHASES) {
        const stats = build.summary[phase];
        expect([phase, Number.isFinite(stats?.median)]).toEqual([phase, true]);
        expect([phase, Number.isFinite(stats?.p90)]).toEqual([phase, true]);
      }
      for (const phase of ['evaluation_ms', 'onload_ms', 'first_mcp_ms', 'first_rest_ms', 'rss_answered_mb']) expect([phase, (build.summary[phase]?.median ?? 0) > 0]).toEqual([phase, true]);
    }
    // The baseline and the candidate are different builds.
    expect(report.builds[0]?.sha256).not.toBe(report.builds[1]?.sha256);
    // The run's temp folder (builds, vaults, discovery files) is gone.
    expect(leftInTemp).toEqual([]);
  });
});
