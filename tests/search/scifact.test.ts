import { readDataText } from '../helpers/corpora';
import { writeTempFolder } from '../helpers/temp-vault';
import { openSearchVault, type SearchVault } from './search-vault';

// BEIR SciFact (test split), searched through vault_search as an agent would: the issue's
// acceptance gate is nDCG@10 ≥ 0.66 in lexical mode (plain BM25 scores 0.661–0.665).
interface Query {
  _id: string;
  text: string;
}

function readJsonLines<T>(name: string): T[] {
  return readDataText('scifact', name).trim().split('\n').map((line) => JSON.parse(line) as T);
}

/** Relevance judgements: query id → document id → grade. */
function readQrels(): Map<string, Map<string, number>> {
  const qrels = new Map<string, Map<string, number>>();
  for (const line of readDataText('scifact', 'qrels-test.tsv').trim().split('\n').slice(1)) {
    const [query = '', doc = '', grade = '0'] = line.split('\t');
    qrels.set(query, (qrels.get(query) ?? new Map<string, number>()).set(doc, Number(grade)));
  }
  return qrels;
}

/** One note per abstract: `docs/<id>.md`, the paper title as frontmatter `title`, the abstract as body. */
function corpusAsVault(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const doc of readJsonLines<{ _id: string; title: string; text: string }>('corpus.jsonl.gz')) {
    files[`docs/${doc._id}.md`] = `---\ntitle: ${JSON.stringify(doc.title)}\n---\n${doc.text}\n`;
  }
  return files;
}

/** nDCG@10 as BEIR computes it (graded gains, log2 discount, ideal from the judgements). */
function ndcgAt10(ranked: readonly string[], judged: ReadonlyMap<string, number>): number {
  const dcg = ranked.slice(0, 10).reduce((sum, doc, rank) => sum + (judged.get(doc) ?? 0) / Math.log2(rank + 2), 0);
  const ideal = [...judged.values()].sort((a, b) => b - a).slice(0, 10).reduce((sum, grade, rank) => sum + grade / Math.log2(rank + 2), 0);
  return ideal === 0 ? 0 : dcg / ideal;
}

describe('SciFact through vault_search', () => {
  let vault: SearchVault;

  // Writing and indexing 5,183 notes: a deadline for a loaded two-core machine, not a speed bound.
  beforeAll(async () => {
    vault = await openSearchVault(await writeTempFolder(corpusAsVault()));
    await vault.engine.search?.whenReady();
  }, 300_000);

  afterAll(async () => {
    await vault.dispose();
  });

  it('scores nDCG@10 of at least 0.66 in lexical mode', async () => {
    const qrels = readQrels();
    const queries = readJsonLines<Query>('queries-test.jsonl').filter((query) => qrels.has(query._id));
    let total = 0;
    for (const query of queries) {
      const { output } = await vault.engine.call('vault_search', { q: query.text, mode: 'lexical', limit: 10 });
      const ranked = (output as { results: { path: string }[] }).results.map((result) => result.path.slice('docs/'.length, -'.md'.length));
      total += ndcgAt10(ranked, qrels.get(query._id) ?? new Map());
    }
    const ndcg = total / qrels.size;
    console.log(`SciFact nDCG@10 (lexical, ${queries.length} queries through vault_search): ${ndcg.toFixed(4)}`);
    expect(queries).toHaveLength(300);
    expect(ndcg).toBeGreaterThanOrEqual(0.66);
  });
});
