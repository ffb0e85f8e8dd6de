// What a start-up benchmark's report says about its run: the command, the machine, how long it
// took and the load around it (bench:startup and bench:cli).
import { cpus, loadavg, release, totalmem } from 'node:os';
import { percentile } from './measure.mjs';

/** Starts the clock and notes the load; the function returned gives the run's facts at its end. */
export function startRun(script) {
  const started = Date.now();
  const loadAtStart = loadavg();
  const rounded = (values) => values.map((value) => Number(value.toFixed(2)));
  return () => ({
    command: [`npm run ${script}`, ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' '),
    machine: `${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GB`,
    node: process.version,
    os: `${process.platform} ${release()}`,
    durationSeconds: Math.round((Date.now() - started) / 1000),
    loadAverage: { start: rounded(loadAtStart), end: rounded(loadavg()) },
  });
}

/** Median, p90 (nearest rank), min and max of `values`; null when there are none. */
export function spread(values) {
  return values.length === 0 ? null : { median: percentile(values, 0.5), p90: percentile(values, 0.9), min: Math.min(...values), max: Math.max(...values) };
}
