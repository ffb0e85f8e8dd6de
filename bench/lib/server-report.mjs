// The markdown report of the server phase (bench/server.mjs): one table per vault (rows: the
// measures, columns: server × cold/warm), issue 16's gates at 50k (and the 100k RSS gate), the
// growth 100k / 50k, the failures and the method.

/** The measures, in the order of the rows. */
const MEASURES = [
  { key: 'initialize_ms', label: 'spawn → `initialize` answered', unit: 'ms' },
  { key: 'rest_status_ms', label: 'spawn → `GET /v1/vault/status` answered (REST)', unit: 'ms' },
  { key: 'ready_ms', label: 'spawn → notes read and indexed (MiniSearch)', unit: 'ms' },
  { key: 'first_answer_ms', label: 'spawn → first search answer', unit: 'ms' },
  { key: 'first_complete_ms', label: 'spawn → first complete search answer', unit: 'ms' },
  { key: 'partial_answers', label: 'answers with `index_building` before it', unit: '' },
  { key: 'rss_ready_mb', label: 'RSS at the first complete answer', unit: 'MB' },
  { key: 'hwm_ready_mb', label: 'peak RSS (VmHWM) by then', unit: 'MB' },
  { key: 'hwm_end_mb', label: 'peak RSS (VmHWM) after the searches', unit: 'MB' },
  { key: 'search_p50_ms', label: 'search p50', unit: 'ms' },
  { key: 'search_p95_ms', label: 'search p95', unit: 'ms' },
  { key: 'queries_timed', label: 'queries timed (after an untimed warm-up pass)', unit: '' },
  { key: 'search_errors', label: 'search answers that were errors', unit: '' },
  { key: 'rest_search_p50_ms', label: 'the same searches over REST (`GET /v1/search`): p50', unit: 'ms' },
  { key: 'rest_search_p95_ms', label: 'the same searches over REST: p95', unit: 'ms' },
  { key: 'stop_ms', label: 'SIGTERM → exit', unit: 'ms' },
  { key: 'state_mb', label: 'indx state folder after the stop', unit: 'MB' },
];
const MODES = ['cold', 'warm'];
const INDX = ['indx-http', 'indx-stdio'];

/** Issue 16's gates, held against the 50k generated vault (RSS: 600 MB at 100k). */
const GATES = [
  { key: 'initialize_ms', label: '`initialize` ≤ 300 ms', limit: () => 300, unit: 'ms', servers: INDX },
  { key: 'first_complete_ms', label: 'first complete search ≤ 10 s cold, ≤ 1.5 s warm', limit: (mode) => (mode === 'cold' ? 10_000 : 1_500), unit: 'ms', servers: INDX },
  { key: 'rss_ready_mb', label: 'RSS after the index is ready ≤ 400 MB', limit: () => 400, unit: 'MB', servers: INDX },
  { key: 'search_p50_ms', label: 'MCP search p50 ≤ 3 ms over HTTP', limit: () => 3, unit: 'ms', servers: ['indx-http'] },
];
const GATE_100K = { key: 'rss_ready_mb', label: 'RSS after the index is ready ≤ 600 MB (100k)', limit: () => 600, unit: 'MB', servers: INDX };
/** The measures whose 100k / 50k growth must stay ≤ 2.2×. */
const GROWTH = ['initialize_ms', 'first_complete_ms', 'rss_ready_mb', 'search_p50_ms'];
const GROWTH_LIMIT = 2.2;

const grouped = (value, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A figure with its unit: ms with two decimals under 10, one under 100; MB whole. */
export function formatValue(value, unit) {
  if (value === undefined || value === null || Number.isNaN(value)) return '–';
  if (unit === 'ms') return `${grouped(value, value < 10 ? 2 : value < 100 ? 1 : 0)} ms`;
  if (unit === 'MB') return `${grouped(value, value < 1 ? 2 : value < 100 ? 1 : 0)} MB`;
  return grouped(value);
}

function cell(run, measure) {
  if (run === undefined) return '';
  const value = run[measure.key];
  if (value !== undefined) return formatValue(value, measure.unit);
  return '–';
}

function statusCell(run) {
  if (run === undefined) return '';
  if (run.status === 'ok') return run.stopped_cleanly === false ? 'ok (killed at stop)' : 'ok';
  return `**${run.status}**`;
}

function vaultTable(vault, servers) {
  const columns = servers.flatMap((server) => MODES.map((mode) => ({ server, mode })));
  const present = MEASURES.filter((measure) => columns.some(({ server, mode }) => vault.runs[server.key]?.[mode]?.[measure.key] !== undefined));
  return [
    `### ${vault.label} (${grouped(vault.notes)} notes, ${formatValue(vault.bytes / 2 ** 20, 'MB')} of markdown, ${vault.queries} queries)`,
    '',
    `| measure | ${columns.map(({ server, mode }) => `${server.key} ${mode}`).join(' | ')} |`,
    `|---|${columns.map(() => '---').join('|')}|`,
    `| status | ${columns.map(({ server, mode }) => statusCell(vault.runs[server.key]?.[mode])).join(' | ')} |`,
    ...present.map((measure) => `| ${measure.label} | ${columns.map(({ server, mode }) => cell(vault.runs[server.key]?.[mode], measure)).join(' | ')} |`),
    '',
  ];
}

function verdict(value, limit, unit) {
  if (value === undefined || value === null) return 'n/a';
  if (value <= limit) return `${formatValue(value, unit)} **PASS**`;
  return `${formatValue(value, unit)} **MISS** (×${(value / limit).toFixed(1)} the limit)`;
}

function gateTable(vault, gates, servers) {
  const columns = INDX.filter((key) => servers.some((server) => server.key === key)).flatMap((key) => MODES.map((mode) => ({ key, mode })));
  if (columns.length === 0) return [];
  return [
    `| gate (${vault.label}) | ${columns.map(({ key, mode }) => `${key} ${mode}`).join(' | ')} |`,
    `|---|${columns.map(() => '---').join('|')}|`,
    ...gates.map((gate) => `| ${gate.label} | ${columns.map(({ key, mode }) => (gate.servers.includes(key) ? verdict(vault.runs[key]?.[mode]?.[gate.key], gate.limit(mode), gate.unit) : '')).join(' | ')} |`),
    '',
  ];
}

function growthTable(at50, at100, servers) {
  const columns = INDX.filter((key) => servers.some((server) => server.key === key)).flatMap((key) => MODES.map((mode) => ({ key, mode })));
  if (columns.length === 0) return [];
  const ratio = (key, mode, measure) => {
    const a = at50.runs[key]?.[mode]?.[measure];
    const b = at100.runs[key]?.[mode]?.[measure];
    if (a === undefined || b === undefined || a <= 0) return 'n/a';
    const value = b / a;
    return `${value.toFixed(2)}× ${value <= GROWTH_LIMIT ? '**PASS**' : '**MISS**'}`;
  };
  return [
    `| growth 100k / 50k (≤ ${GROWTH_LIMIT}×) | ${columns.map(({ key, mode }) => `${key} ${mode}`).join(' | ')} |`,
    `|---|${columns.map(() => '---').join('|')}|`,
    ...GROWTH.map((measure) => `| ${MEASURES.find((m) => m.key === measure).label} | ${columns.map(({ key, mode }) => ratio(key, mode, measure)).join(' | ')} |`),
    '',
  ];
}

/** The search tool names a server's starts picked from tools/list, when it is a peer's. */
function toolNames(vaults, key) {
  if (key.startsWith('indx') || key === 'minisearch') return '';
  const names = new Set(vaults.flatMap((vault) => Object.values(vault.runs[key] ?? {}).map((run) => run.search_tool)).filter(Boolean));
  return names.size > 0 ? ` (picked from tools/list: ${[...names].map((name) => `\`${name}\``).join(', ')})` : '';
}

/** The whole report. */
export function renderServerReport(results) {
  const { meta, servers, vaults, failures } = results;
  const at50 = vaults.find((vault) => vault.size === 50_000);
  const at100 = vaults.find((vault) => vault.size === 100_000);
  const lines = [
    `# Server phase: start-up, first complete answer, memory and search over MCP (${meta.date})`,
    '',
    `\`${meta.command}\` on ${meta.machine}; Node ${meta.node}; ${meta.os}; ${grouped(meta.durationSeconds)} s in all. Load average (1, 5, 15 min) ${meta.loadAverage.start.join(', ')} at the start, ${meta.loadAverage.end.join(', ')} at the end: other work on the machine inflates every figure.`,
    '',
    'Servers (each spawned by the benchmark in a process group of its own, bound to 127.0.0.1 or speaking over stdio):',
    '',
    ...servers.map((server) => `- **${server.key}**: ${server.label}${server.package ? ` (npm \`${server.package}@${server.version}\`)` : ` ${server.version}`}, Node ${server.node ?? '?'}; search: ${server.search}${toolNames(vaults, server.key)}${server.unavailable ? ` — unavailable: ${server.unavailable}` : ''}`),
    '',
    `Cold: a fresh copy of the vault with no indx state folder. Warm: a second start on the same copy after the cold one stopped cleanly (SIGTERM, waited for its exit); the peers and MiniSearch keep nothing, so their warm start is just a second start. Every time is from the spawn. "First complete search answer": indx's \`vault_search\` asked at once and again every ${20} ms until its answer carries no \`index_building\` warning; a peer's first search answer; MiniSearch's first answer after it read and indexed every note. RSS is the server process's VmRSS (VmHWM for the peak) from /proc at that moment. Search: the vault's first ${meta.queries} queries (a quarter note titles, the rest one to three words of a note), limit 10, one untimed warm-up pass (cut at ${grouped(meta.searchBudgetSeconds / 3)} s) then one timed pass (cut at ${grouped(meta.searchBudgetSeconds)} s: a server that takes seconds a query gets fewer, the count timed is shown); indx lexical. Each start runs under a ${grouped(meta.timeoutSeconds)} s limit. MB = 2^20 bytes.`,
    '',
  ];
  lines.push('## Gates (issue 16)', '');
  if (at50 === undefined) lines.push('The gates are held against the 50k generated vault, which this run did not include.', '');
  else lines.push(...gateTable(at50, GATES, servers));
  if (at100 !== undefined) lines.push(...gateTable(at100, [GATE_100K], servers));
  if (at50 !== undefined && at100 !== undefined) lines.push(...growthTable(at50, at100, servers));
  lines.push('## Vaults', '');
  for (const vault of vaults) lines.push(...vaultTable(vault, servers));
  if (results.notes) lines.push('## Notes (written by hand after the run)', '', results.notes, '');
  if (failures.length > 0) {
    lines.push('## Failures', '');
    for (const failure of failures) lines.push(`- ${failure.vault} · ${failure.server} ${failure.mode}: **${failure.status}**: ${failure.error}${failure.output ? ` (last output: \`${failure.output.replaceAll('`', "'")}\`)` : ''}`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
