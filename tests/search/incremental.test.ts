import fc from 'fast-check';
import { parseMetadata } from '../../src/core/metadata/parse-metadata';
import { chunkNote } from '../../src/core/search/chunking/chunk-note';
import { toNoteInput } from '../../src/core/search/index/note-input';
import { compactIndex, needsCompaction } from '../../src/core/search/index/compact-index';
import { LexicalIndex } from '../../src/core/search/index/lexical-index';
import { DEFAULT_BM25 } from '../../src/core/search/query/bm25-parameters';
import { searchLexical } from '../../src/core/search/query/lexical-search';
import { ScoringScratch } from '../../src/core/search/query/scoring-scratch';
import { createSearchVault, pathsOf, type SearchVault } from './search-vault';

function indexNote(index: LexicalIndex, path: string, text: string): void {
  const cache = parseMetadata(text);
  index.upsert(toNoteInput(path, chunkNote(path, text, cache), cache, { mtime: 1, size: text.length }));
}

function ranking(index: LexicalIndex, query: string): string[] {
  return searchLexical(index, { text: query, offset: 0, limit: 100 }, DEFAULT_BM25, new ScoringScratch()).hits.map((hit) => `${hit.path}:${hit.score.toFixed(9)}:${index.chunks.lines[hit.chunkId]}`);
}

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'apple', 'river', 'stone', 'cloud'];
const noteText = fc.array(fc.oneof(fc.constantFrom(...WORDS), fc.constant('\n# heading\n')), { maxLength: 12 }).map((words) => words.join(' '));
const operation = fc.record({ path: fc.constantFrom('a.md', 'b.md', 'c/d.md', 'e.md'), text: fc.option(noteText, { nil: null }) });

describe('incremental updates of the lexical index', () => {
  it('ranks exactly like an index built from scratch after any sequence of upserts and removals, before and after compaction', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 25 }), async (operations) => {
        const index = new LexicalIndex();
        const final = new Map<string, string>();
        for (const { path, text } of operations) {
          if (text === null) {
            index.remove(path);
            final.delete(path);
          } else {
            indexNote(index, path, text);
            final.set(path, text);
          }
        }
        const fresh = new LexicalIndex();
        for (const [path, text] of final) indexNote(fresh, path, text);
        const compacted = await compactIndex(index, () => Promise.resolve());
        for (const query of ['alpha', 'beta gamma', 'heading river', 'stone cloud apple']) {
          expect(ranking(index, query)).toEqual(ranking(fresh, query));
          expect(ranking(compacted, query)).toEqual(ranking(fresh, query));
        }
        expect(compacted.deadChunks).toBe(0);
        expect(compacted.liveNotes).toBe(final.size);
      }),
      { seed: 20260521, numRuns: 150 },
    );
  });

  it('asks for compaction once tombstones pile up', () => {
    const index = new LexicalIndex();
    for (let round = 0; round < 3; round += 1) for (let note = 0; note < 600; note += 1) indexNote(index, `n${note}.md`, `word${note} round${round}`);
    expect(index.deadChunks).toBe(1200);
    expect(needsCompaction(index)).toBe(true);
  });
});

describe('the index follows changes made through the engine', () => {
  let vault: SearchVault;

  beforeAll(async () => {
    vault = await createSearchVault({ 'Plan.md': '# Plan\nBuy a telescope.\n', 'Other.md': 'Nothing here.\n' });
  });

  afterAll(async () => {
    await vault.dispose();
  });

  async function settledSearch(q: string): Promise<string[]> {
    await vault.engine.search?.settled();
    return pathsOf(await vault.search({ q }));
  }

  it('replaces a note\'s postings when it is rewritten', async () => {
    await vault.engine.call('note_write', { path: 'Plan.md', body: '# Plan\nBuy a microscope.\n' });
    expect(await settledSearch('microscope')).toEqual(['Plan.md']);
    expect(await settledSearch('telescope')).toEqual([]);
  });

  it('indexes new notes and forgets deleted ones', async () => {
    await vault.engine.call('note_write', { path: 'New/Idea.md', body: 'A fresh zeppelin idea.\n' });
    expect(await settledSearch('zeppelin')).toEqual(['New/Idea.md']);
    await vault.engine.call('note_delete', { path: 'New/Idea.md' });
    expect(await settledSearch('zeppelin')).toEqual([]);
  });

  it('moves a note to its new path (and title) when it is renamed', async () => {
    await vault.engine.call('note_move', { from: 'Other.md', to: 'Archive/Lighthouse.md' });
    expect(await settledSearch('lighthouse')).toEqual(['Archive/Lighthouse.md']);
    expect(await settledSearch('archive')).toEqual(['Archive/Lighthouse.md']);
    expect((await vault.engine.call('vault_status', {})).output).toMatchObject({ index: { notes: 2 } });
  });

  it('picks up tag changes made by a patch', async () => {
    await vault.engine.call('note_patch', { path: 'Plan.md', ops: [{ op: 'set_frontmatter', key: 'tags', value: ['astronomy'] }] });
    await vault.engine.search?.settled();
    expect(pathsOf(await vault.search({ q: 'microscope', tag: ['astronomy'] }))).toEqual(['Plan.md']);
  });

  // At 100k notes a common term holds ~100k postings; pausing every 256 terms held the thread for
  // over 200 ms while compacting. The pacer is now called by postings rewritten.
  it('compacts in paced pieces when a few terms hold most postings', async () => {
    const index = new LexicalIndex();
    // One note of 40,000 sections: its two words hold 40,000 postings each, in a handful of terms.
    indexNote(index, 'big.md', '# h\nalpha\n'.repeat(40_000));
    let pauses = 0;
    const compacted = await compactIndex(index, () => Promise.resolve(void (pauses += 1)));
    // Old pacing (every 256 notes and every 256 terms) paused twice here; by postings it pauses at
    // least twice more (80,000 postings, one pause per 32,768).
    expect(pauses).toBeGreaterThanOrEqual(4);
    expect(compacted.liveChunks).toBe(index.liveChunks);
  });
});
