import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

// Smoke test of `npm run bench:server` (issue 16, item 4): the server phase runs for real on a copy
// of demo-vault with indx serve (HTTP), indx mcp serve --stdio and MiniSearch, cold and warm, and
// must give figures for each. No peers (--no-peers: nothing is downloaded at test time) and nothing
// written under bench/results (--no-write; the raw figures go to a temp file). Only that the
// figures exist is checked: the gates are the benchmark's to report, never a test's to assert.

const run = promisify(execFile);
const REPO = path.resolve(__dirname, '../..');

interface Start {
  status: string;
  error?: string;
  initialize_ms?: number;
  rest_status_ms?: number;
  ready_ms?: number;
  first_answer_ms?: number;
  first_complete_ms?: number;
  partial_answers?: number;
  rss_ready_mb?: number;
  hwm_ready_mb?: number;
  search_p50_ms?: number;
  search_p95_ms?: number;
  queries_timed?: number;
  stopped_cleanly?: boolean;
  search_tool?: string;
  complete_answer?: { structured: boolean; warnings: string[]; results?: number };
}

interface Report {
  servers: { key: string }[];
  failures: unknown[];
  vaults: { key: string; notes: number; runs: Record<string, { cold: Start; warm: Start }> }[];
  meta: { command: string; loadAverage: { start: number[] } };
}

/** Runs a one-liner against bench/lib/server-measure.mjs (an ES module) and returns its stdout. */
async function evalModule(code: string): Promise<string> {
  const module = path.join(REPO, 'bench/lib/server-measure.mjs');
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', `import * as measure from ${JSON.stringify(module)};\n${code}`], { cwd: REPO, timeout: 20_000 });
  return stdout.trim();
}

describe('npm run bench:server', () => {
  it('measures indx over HTTP and stdio and MiniSearch, cold and warm, on a small vault, and cleans up', async () => {
    const temp = await fs.mkdtemp(path.join(tmpdir(), 'indx-server-bench-tmp-'));
    const json = path.join(await fs.mkdtemp(path.join(tmpdir(), 'indx-server-bench-out-')), 'server.json');
    try {
      await run(process.execPath, ['bench/server.mjs', '--sizes', '', '--no-corpora', '--vault', 'demo-vault', '--servers', 'indx-http,indx-stdio,minisearch', '--no-peers', '--no-write', '--json', json, '--queries', '20', '--timeout', '40'], { cwd: REPO, timeout: 100_000, env: { ...process.env, TMPDIR: temp } });
      const report = JSON.parse(await fs.readFile(json, 'utf8')) as Report;
      expect(report.failures).toEqual([]);
      expect(report.servers.map((server) => server.key)).toEqual(['indx-http', 'indx-stdio', 'minisearch']);
      expect(report.meta.loadAverage.start).toHaveLength(3);
      const [vault] = report.vaults;
      expect(vault?.notes).toBeGreaterThan(0);
      for (const [key, runs] of Object.entries(vault?.runs ?? {})) {
        for (const [mode, start] of Object.entries(runs)) {
          const label = `${key} ${mode}`;
          expect([label, start.status, start.error]).toEqual([label, 'ok', undefined]);
          expect([label, start.stopped_cleanly]).toEqual([label, true]);
          for (const figure of ['first_answer_ms', 'first_complete_ms', 'rss_ready_mb', 'hwm_ready_mb', 'search_p50_ms', 'search_p95_ms'] as const) {
            expect([label, figure, (start[figure] ?? 0) > 0]).toEqual([label, figure, true]);
          }
          expect([label, start.queries_timed]).toEqual([label, 20]);
          expect(start.search_p95_ms).toBeGreaterThanOrEqual(start.search_p50_ms ?? Infinity);
          expect(start.first_complete_ms).toBeGreaterThanOrEqual(start.first_answer_ms ?? Infinity);
          if (key === 'minisearch') {
            expect([label, (start.ready_ms ?? 0) > 0]).toEqual([label, true]);
            continue;
          }
          expect([label, (start.initialize_ms ?? 0) > 0, start.search_tool]).toEqual([label, true, 'vault_search']);
          expect(start.first_answer_ms).toBeGreaterThanOrEqual(start.initialize_ms ?? Infinity);
          // The answer taken as complete carried indx's structured output and no index_building warning.
          expect([label, start.complete_answer?.structured, start.complete_answer?.warnings]).toEqual([label, true, []]);
          expect(start.partial_answers).toBeGreaterThanOrEqual(0);
        }
      }
      expect((vault?.runs['indx-http']?.cold.rest_status_ms ?? 0) > 0).toBe(true);
      // Everything the run made in its temp folder (vault copies, INDX_HOME) is gone.
      expect(await fs.readdir(temp)).toEqual([]);
    } finally {
      await fs.rm(temp, { recursive: true, force: true });
      await fs.rm(path.dirname(json), { recursive: true, force: true });
    }
  }, 120_000);

  it('takes an answer with an index_building warning or an error as incomplete', async () => {
    const building = { structuredContent: { query: 'q', results: [], mode_used: 'lexical', warnings: [{ code: 'index_building', message: 'The search index is still being built' }], index: { state: 'building', indexed: 3, total: 10 } }, content: [] };
    const embeddings = { structuredContent: { query: 'q', results: [], mode_used: 'lexical', warnings: [{ code: 'embeddings_unavailable', message: 'lexical' }] }, content: [] };
    const complete = { structuredContent: { query: 'q', results: [], mode_used: 'lexical' }, content: [] };
    const failed = { isError: true, content: [{ type: 'text', text: 'not ready' }] };
    const textOnly = { content: [{ type: 'text', text: JSON.stringify(building.structuredContent) }] };
    const verdicts = await evalModule(`console.log(JSON.stringify(${JSON.stringify([building, embeddings, complete, failed, textOnly])}.map(measure.isCompleteIndxAnswer)));`);
    expect(JSON.parse(verdicts)).toEqual([false, true, true, false, false]);
  });
});
