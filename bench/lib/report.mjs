// Turns the collected figures into the committed markdown table: per vault size, one row per
// measure with the gate, and per engine the figure with pass/miss (and by how much).
const MB = 1024 * 1024;

const seconds = (ms) => `${(ms / 1000).toFixed(ms < 10000 ? 2 : 1)} s`;
const millis = (ms) => `${ms < 10 ? ms.toFixed(2) : ms.toFixed(ms < 100 ? 1 : 0)} ms`;
const megabytes = (bytes) => `${(bytes / MB).toFixed(bytes < 10 * MB ? 2 : 1)} MB`;

/** The measures, in table order. `max` / `min` are the gates at 50k notes. */
const MEASURES = [
  { key: 'buildMs', phase: 'build', label: 'build (lexical, all notes)', format: seconds, max: 10000 },
  { key: 'heapKeptBytes', phase: 'build', label: 'heap kept after build (after GC)', format: megabytes, max: 200 * MB },
  { key: 'buildSliceMs', phase: 'build', label: 'longest synchronous slice during build', format: millis, max: 50 },
  { key: 'queryP50Ms', phase: 'build', label: 'query p50 (200 queries, top 10)', format: millis, max: 2 },
  { key: 'queryP95Ms', phase: 'build', label: 'query p95', format: millis, max: 15 },
  { key: 'persistedBytes', phase: 'build', label: 'persisted index size', format: megabytes, max: 60 * MB },
  { key: 'loadMs', phase: 'load', label: 'cold load from persisted index (fresh process)', format: seconds, max: 1000 },
  { key: 'updateP50Ms', phase: 'build', label: 'incremental update, one note changed (p50 of 20; max)', format: millis, max: 10, extra: (values) => (values.updateMaxMs === undefined ? '' : ` (max ${millis(values.updateMaxMs)})`) },
  { key: 'directP50Ms', phase: 'build', label: 'query p50 / p95 below the operation layer (ours: SearchService.search, no zod or audit)', format: millis, extra: (values) => (values.directP95Ms === undefined ? '' : ` / ${millis(values.directP95Ms)}`) },
  { key: 'queryMaxMs', phase: 'build', label: 'slowest query of the 200', format: millis },
  { key: 'persistMs', phase: 'build', label: 'time to persist', format: seconds },
  { key: 'loadSliceMs', phase: 'load', label: 'longest synchronous slice during load', format: millis },
  { key: 'firstQueryMs', phase: 'load', label: 'first query after cold load', format: millis },
  { key: 'heapLoadedBytes', phase: 'load', label: 'heap after cold load (after GC)', format: megabytes },
  { key: 'prepareMs', phase: 'build', label: 'set-up before build, outside build and heap (ours: vault host open, scan + metadata; reads-from-memory also reads every note)', format: seconds },
  { key: 'buildSliceReportedMs', phase: 'build', label: 'longest slice as the engine reports it', format: millis },
  { key: 'peakRssBytes', phase: 'build', label: 'peak RSS of the build process', format: megabytes },
  { key: 'loadSameAnswers', phase: 'load', label: 'reloaded index answers as built (top 10 of 50 queries)', format: String },
  { key: 'updateFound', phase: 'build', label: 'edited note found by its new word', format: String },
];

/** "pass", or "**miss** by …" with the overshoot, for a figure against a gate. */
function verdict(measure, value) {
  if (measure.max !== undefined) {
    if (value <= measure.max) return 'pass';
    return `**miss** by ${measure.format(value - measure.max)} (${(value / measure.max).toFixed(1)}×)`;
  }
  if (value >= measure.min) return 'pass';
  return `**miss** by ${(measure.min - value).toFixed(3)}`;
}

/** The gate column's text. */
function gateText(measure) {
  if (measure.max !== undefined) return `≤ ${measure.format(measure.max).replace(/\.0+ /, ' ')}`;
  if (measure.min !== undefined) return `≥ ${measure.min}`;
  return '';
}

/** What a phase that did not finish shows in place of a figure. */
function failureText(phase) {
  if (!phase) return 'not run';
  return phase.status === 'timeout' ? 'timeout' : 'failed';
}

/** One engine's cell for one measure. */
function cell(measure, run, gated) {
  const phase = run?.[measure.phase];
  const value = phase?.[measure.key];
  if (value === undefined) return run?.unavailable ? 'n/a' : phase?.status === 'ok' ? '—' : failureText(phase);
  const text = `${measure.format(value)}${measure.extra?.(phase) ?? ''}`;
  return gated && typeof value === 'number' && (measure.max !== undefined || measure.min !== undefined) ? `${text} — ${verdict(measure, value)}` : text;
}

/** Whether an engine built, persisted and reloaded without error at this size. */
function worksText(run) {
  if (!run || run.unavailable) return 'n/a';
  const ok = run.build?.status === 'ok' && run.load?.status === 'ok';
  return ok ? 'yes — pass' : `**no** (${run.build?.status !== 'ok' ? `build ${failureText(run.build)}` : `load ${failureText(run.load)}`}) — **miss**`;
}

/** The table for one vault size. */
function sizeTable(size, entry, engines, gated) {
  const header = `| measure | gate${gated ? '' : ' (at 50k)'} | ${engines.map((engine) => engine.title).join(' | ')} |`;
  const lines = [header, `|---|---|${engines.map(() => '---|').join('')}`];
  for (const measure of MEASURES) {
    lines.push(`| ${measure.label} | ${gateText(measure)} | ${engines.map((engine) => cell(measure, entry.engines[engine.key], gated)).join(' | ')} |`);
  }
  lines.push(`| builds, persists and reloads without error | yes | ${engines.map((engine) => worksText(entry.engines[engine.key])).join(' | ')} |`);
  return lines.join('\n');
}

/** Footnotes: every phase that failed, with its reason. */
function failureNotes(results, engines) {
  const notes = [];
  for (const [size, entry] of Object.entries(results.sizes)) {
    for (const engine of engines) {
      const run = entry.engines[engine.key];
      if (run?.unavailable) notes.push(`- ${engine.title} at ${size}: not available — ${run.unavailable}`);
      for (const phaseName of ['build', 'load']) {
        const phase = run?.[phaseName];
        if (phase && phase.status !== 'ok') notes.push(`- ${engine.title} at ${size}, ${phaseName}: ${phase.status} — ${phase.error}`);
      }
    }
  }
  for (const engine of engines) {
    const phase = results.scifact[engine.key];
    if (phase && phase.status !== 'ok') notes.push(`- ${engine.title}, SciFact: ${phase.status} — ${phase.error ?? phase.unavailable}`);
  }
  return notes;
}

/** The SciFact table. */
function scifactTable(results, engines) {
  const measure = { key: 'scifactNdcg10', format: (value) => value.toFixed(3), min: 0.66 };
  const cells = engines.map((engine) => {
    const phase = results.scifact[engine.key];
    if (phase?.scifactNdcg10 === undefined) return phase?.unavailable ? 'n/a' : failureText(phase);
    return `${measure.format(phase.scifactNdcg10)} — ${verdict(measure, phase.scifactNdcg10)}`;
  });
  return [`| measure | gate | ${engines.map((engine) => engine.title).join(' | ')} |`, `|---|---|${engines.map(() => '---|').join('')}`, `| SciFact nDCG@10 (300 test queries) | ≥ 0.66 | ${cells.join(' | ')} |`].join('\n');
}

/** Cost growth from 50k to 100k notes for the time and size figures. */
function growthLines(results, engines) {
  const half = results.sizes['50000'];
  const full = results.sizes['100000'];
  if (!half || !full) return [];
  const lines = ['', '### Growth from 50k to 100k notes (2.0 = linear)', '', `| measure | ${engines.map((engine) => engine.title).join(' | ')} |`, `|---|${engines.map(() => '---|').join('')}`];
  for (const key of ['buildMs', 'heapKeptBytes', 'persistedBytes', 'loadMs', 'queryP50Ms']) {
    const measure = MEASURES.find((candidate) => candidate.key === key);
    const ratios = engines.map((engine) => {
      const before = half.engines[engine.key]?.[measure.phase]?.[key];
      const after = full.engines[engine.key]?.[measure.phase]?.[key];
      return typeof before === 'number' && typeof after === 'number' && before > 0 ? `${(after / before).toFixed(2)}×` : '—';
    });
    lines.push(`| ${measure.label} | ${ratios.join(' | ')} |`);
  }
  return lines;
}

/** What our engine's index held after each build (from its status). */
function indexLines(results) {
  const lines = [];
  for (const [size, entry] of Object.entries(results.sizes)) {
    const stats = entry.engines.indx?.build?.engineStats;
    if (stats) lines.push(`- indx at ${size}: ${stats.notes} notes, ${stats.chunks} chunks (sections), ${stats.terms} distinct terms.`);
  }
  return lines.length > 0 ? ['## Our index', '', ...lines, ''] : [];
}

/** The whole markdown report. */
export function renderReport(results) {
  const engines = results.engines.map((engine) => ({ key: engine.key, title: engine.version ? `${engine.name} ${engine.version}` : engine.name }));
  const { meta } = results;
  const lines = [
    `# Search benchmark, ${meta.date}`,
    '',
    `\`${meta.command}\` on ${meta.machine}; Node ${meta.node}; seed ${meta.seed}; per-phase limit ${meta.timeoutSeconds} s; ${meta.durationSeconds} s in all; 1-minute load average ${meta.loadAverage.start} at the start, ${meta.loadAverage.end} at the end (other work on the machine inflates times and slices).`,
    `Each engine runs each phase in its own fresh Node process (\`--expose-gc\`), one after another, in this same run${meta.repeat > 1 ? `; build and load ran ${meta.repeat} times each and every figure is the median (lower median) of the ${meta.repeat}` : ''}.`,
    'Gates (docs/performance.md) apply at 50k notes; 10k and 100k show the figures (100k must build, persist and reload).',
    'MB = 2^20 bytes. Heap = V8 heap used + memory outside the heap (typed arrays, buffers), after full GCs.',
    '',
  ];
  for (const [size, entry] of Object.entries(results.sizes)) {
    const info = entry.info;
    lines.push(`## ${Number(size).toLocaleString('en-US')} notes (${megabytes(info.bytes)} of markdown, generated from ${info.poolNotes.toLocaleString('en-US')} real notes)`, '');
    lines.push(sizeTable(size, entry, engines, size === '50000'), '');
  }
  lines.push(...growthLines(results, engines), '', '## Retrieval quality', '', scifactTable(results, engines), '');
  lines.push(...indexLines(results));
  const notes = failureNotes(results, engines);
  if (notes.length > 0) lines.push('## Failures', '', ...notes, '');
  if (results.notes) lines.push('## Notes', '', results.notes, '');
  lines.push('## Method', '', ...METHOD, '');
  return lines.join('\n');
}

const METHOD = [
  '- Vaults: `bench/lib/generate-vault.mjs` samples the real notes of `data/corpora` (dnd-srd, eips, dendron-site, kepano-vault, tldr-pages in ~40 languages), each pool note once per round in seeded order, renames them into a folder tree, and adds frontmatter (tags, aliases, created), tags and wikilinks. Same seed → same vault. Written under the OS temp dir.',
  '- Every engine indexes the same fields: title, aliases, tags, path and body. MiniSearch and Orama run with their defaults (no prefix, no fuzzy, default tokenisers and scoring) and take the text-only documents; ours may read the vault.',
  '- Build: one call over all notes, timed; the longest synchronous slice is the longest gap seen by a 2 ms `setInterval` probe while it ran (a fully synchronous build is one slice).',
  '- Queries: 200 fixed queries sampled from the vault (titles and one to three consecutive content words, any language); one unmeasured pass, then one measured pass; top 10.',
  '- Persisted size: the files the engine wrote (MiniSearch: `JSON.stringify(index)`; Orama: `JSON.stringify(save(db))`). Cold load: a new process reading them back, then the first 50 queries must return the same top 10.',
  '- Incremental update: 20 seeded notes each get a made-up word appended (file rewritten on disk too); time to update the index, then a query for that word must find the note.',
  '- SciFact: the 5,183 abstracts (as notes `<id>.md` with `# title` and the text, for ours searched through `vault_search` in lexical mode), 300 test queries, nDCG@10 as trec_eval computes it.',
];
