// BEIR SciFact (test split): its abstracts as documents (and as a vault of notes, for engines
// searched through vault_search), its 300 test queries, and nDCG@10 as BEIR computes it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { benchCacheDir, SCIFACT_DIR } from './paths.mjs';
import { writeVault } from './vault-cache.mjs';

/** Reads a JSON-lines file. */
function readJsonLines(file) {
  const bytes = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8').split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line));
}

/**
 * The corpus as text-only documents (title and abstract in their own fields). As a vault, a
 * note is `<id>.md` holding `# title` and the abstract.
 */
export function loadScifactDocs() {
  return readJsonLines(join(SCIFACT_DIR, 'corpus.jsonl.gz')).map((row) => ({
    id: row._id,
    path: `${row._id}.md`,
    title: row.title,
    aliases: [],
    tags: [],
    frontmatter: '',
    body: row.text,
  }));
}

/** Test queries `{ id, text }` and judgements: query id → Map(corpus id → grade). */
export function loadScifactQueries() {
  const judgements = new Map();
  for (const line of readFileSync(join(SCIFACT_DIR, 'qrels-test.tsv'), 'utf8').split('\n').slice(1)) {
    const [queryId, corpusId, grade] = line.trim().split('\t');
    if (!queryId || !corpusId) continue;
    if (!judgements.has(queryId)) judgements.set(queryId, new Map());
    judgements.get(queryId).set(corpusId, Number(grade));
  }
  const queries = readJsonLines(join(SCIFACT_DIR, 'queries-test.jsonl')).filter((row) => judgements.has(row._id)).map((row) => ({ id: row._id, text: row.text }));
  return { queries, judgements };
}

/** The SciFact vault on disk (written once under the temp dir). */
export function ensureScifactVault() {
  const vaultDir = join(benchCacheDir(), 'scifact-vault');
  const marker = join(benchCacheDir(), 'scifact-vault.done');
  if (!existsSync(marker)) {
    writeVault(vaultDir, loadScifactDocs().map((doc) => ({ ...doc, body: `# ${doc.title}\n\n${doc.body}\n` })));
    writeFileSync(marker, 'ok\n');
  }
  return vaultDir;
}

/**
 * nDCG@k of one ranking (corpus ids, best first) against graded judgements, as trec_eval's
 * ndcg_cut (linear gain, log2 discount, ideal ranking from all judged documents).
 */
export function ndcgAt(ranking, judged, k = 10) {
  let dcg = 0;
  ranking.slice(0, k).forEach((id, rank) => {
    dcg += (judged.get(id) ?? 0) / Math.log2(rank + 2);
  });
  const ideal = [...judged.values()].sort((a, b) => b - a).slice(0, k);
  const idcg = ideal.reduce((sum, grade, rank) => sum + grade / Math.log2(rank + 2), 0);
  return idcg > 0 ? dcg / idcg : 0;
}
