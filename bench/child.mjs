// One engine, one phase, in a fresh process (started by run.mjs with --expose-gc). Reports each
// figure as soon as it is known (`{ key, value }` over IPC), so a timeout still keeps what was
// measured. Phases: build (build, heap, queries, persist, updates), load (cold load from the
// persisted index, then a check that it answers as the built one did), scifact (nDCG@10).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { folderSize, memoryInUse, percentile, settleHeap, startLagProbe, timed } from './lib/measure.mjs';
import { loadScifactDocs, loadScifactQueries, ndcgAt } from './lib/scifact.mjs';

const VERIFY_QUERIES = 50;
const job = JSON.parse(process.argv[2]);
const report = (key, value) => new Promise((resolve) => process.send({ key, value }, resolve));
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Turns an adapter's result keys into vault paths. */
function toPaths(adapter, keys, paths) {
  return keys.map((key) => (adapter.keyKind === 'path' ? String(key) : paths[Number(key)]));
}

/** Runs every query once unmeasured, then once measured; reports p50/p95 in ms. */
async function measureQueries(run, queries, prefix) {
  for (const query of queries) await run(query, 10);
  const times = [];
  for (const query of queries) times.push((await timed(() => run(query, 10))).ms);
  report(`${prefix}P50Ms`, percentile(times, 0.5));
  report(`${prefix}P95Ms`, percentile(times, 0.95));
  report(`${prefix}MaxMs`, Math.max(...times));
}

/** Edits each chosen note (appending a made-up word), updates the engine, checks it is found. */
async function measureUpdates(adapter, edits, paths) {
  const times = [];
  let found = 0;
  for (const { doc, word } of edits) {
    const edited = { ...doc, body: `${doc.body}\nAn edit added ${word} here.\n` };
    writeFileSync(join(job.vaultDir, doc.path), edited.frontmatter + edited.body);
    times.push((await timed(() => adapter.update({ doc: edited, vaultDir: job.vaultDir }))).ms);
    if (toPaths(adapter, await adapter.query(word, 10), paths).includes(doc.path)) found++;
  }
  report('updateP50Ms', percentile(times, 0.5));
  report('updateMaxMs', Math.max(...times));
  report('updateFound', `${found}/${edits.length}`);
}

/** Puts the edited notes back as generated. */
function restoreEdits(edits) {
  for (const { doc } of edits) writeFileSync(join(job.vaultDir, doc.path), doc.frontmatter + doc.body);
}

/** Runs the adapter's untimed preparation (our engine: opening the vault host), reporting its time. */
async function prepare(adapter) {
  if (adapter.prepare) await report('prepareMs', (await timed(() => adapter.prepare({ vaultDir: job.vaultDir, stateDir: job.stateDir }))).ms);
}

/** The notes to edit, copied out of the documents file (parsed once, then dropped). */
function pickEdits(updates) {
  const docs = readJson(job.docsFile);
  return updates.map(({ id, word }) => ({ doc: { ...docs[id] }, word }));
}

async function buildPhase(adapter) {
  const paths = readJson(job.pathsFile);
  const queries = readJson(job.queriesFile);
  const updates = readJson(job.updatesFile);
  const edits = pickEdits(updates);
  await prepare(adapter);
  await settleHeap();
  const base = memoryInUse();
  let docs = adapter.needsDocs === false ? null : readJson(job.docsFile);
  const stopProbe = startLagProbe();
  const build = await timed(() => adapter.build({ docs, vaultDir: job.vaultDir, stateDir: job.stateDir }));
  report('buildSliceMs', stopProbe());
  if (adapter.longestSliceMs) report('buildSliceReportedMs', adapter.longestSliceMs());
  report('buildMs', build.ms);
  if (adapter.stats) report('engineStats', adapter.stats());
  docs = null;
  await settleHeap();
  report('heapKeptBytes', memoryInUse() - base);
  report('peakRssBytes', process.resourceUsage().maxRSS * 1024);
  await measureQueries((text, limit) => adapter.query(text, limit), queries, 'query');
  if (adapter.directQuery) await measureQueries((text, limit) => adapter.directQuery(text, limit), queries, 'direct');
  const expected = [];
  for (const query of queries.slice(0, VERIFY_QUERIES)) expected.push(toPaths(adapter, await adapter.query(query, 10), paths));
  writeFileSync(job.expectedFile, JSON.stringify(expected));
  mkdirSync(job.persistDir, { recursive: true });
  report('persistMs', (await timed(() => adapter.persist(job.persistDir))).ms);
  report('persistedBytes', folderSize(job.persistDir));
  try {
    await measureUpdates(adapter, edits, paths);
  } finally {
    restoreEdits(edits);
  }
}

async function loadPhase(adapter) {
  const paths = readJson(job.pathsFile);
  const queries = readJson(job.queriesFile);
  const expected = readJson(job.expectedFile);
  await prepare(adapter);
  await settleHeap();
  const base = memoryInUse();
  const stopProbe = startLagProbe();
  const loaded = await timed(() => adapter.load({ dir: job.persistDir, vaultDir: job.vaultDir, stateDir: job.stateDir }));
  report('loadSliceMs', stopProbe());
  report('loadMs', loaded.ms);
  report('firstQueryMs', (await timed(() => adapter.query(queries[0], 10))).ms);
  await settleHeap();
  report('heapLoadedBytes', memoryInUse() - base);
  let same = 0;
  for (const [index, query] of queries.slice(0, VERIFY_QUERIES).entries()) {
    const answer = toPaths(adapter, await adapter.query(query, 10), paths);
    if (JSON.stringify(answer) === JSON.stringify(expected[index])) same++;
  }
  report('loadSameAnswers', `${same}/${expected.length}`);
}

async function scifactPhase(adapter) {
  const docs = loadScifactDocs();
  await prepare(adapter);
  const idOf = (key) => (adapter.keyKind === 'path' ? String(key).replace(/\.md$/, '') : String(key));
  report('scifactBuildMs', (await timed(() => adapter.build({ docs, vaultDir: job.vaultDir, stateDir: job.stateDir }))).ms);
  const { queries, judgements } = loadScifactQueries();
  let total = 0;
  for (const query of queries) total += ndcgAt((await adapter.query(query.text, 10)).map(idOf), judgements.get(query.id));
  report('scifactNdcg10', total / queries.length);
}

const PHASES = { build: buildPhase, load: loadPhase, scifact: scifactPhase };

try {
  const module = await import(pathToFileURL(job.adapterModule).href);
  const adapter = await module.createAdapter();
  report('engine', { name: adapter.name, version: adapter.version });
  mkdirSync(job.stateDir, { recursive: true });
  await PHASES[job.phase](adapter);
  await adapter.close?.();
  await report('done', true);
  process.exit(0);
} catch (error) {
  await report('error', String(error?.stack ?? error).split('\n').slice(0, 4).join(' | '));
  process.exit(1);
}
