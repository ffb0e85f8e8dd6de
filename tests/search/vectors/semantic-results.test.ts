import { rankSemantically } from '../../../src/core/search/service/semantic-ranking';
import { VectorFeeder } from '../../../src/core/search/service/vector-feeder';
import type { VaultHost } from '../../../src/core/vault/vault-host';
import { createSearchVault, pathsOf, type SearchVault } from '../search-vault';
import { waitUntil } from './feeder-harness';
import { createHarness } from './harness';
import { startLoopbackEmbeddingsServer, type LoopbackEmbeddingsServer } from './loopback-embeddings-server';
import { makeChunk } from './make-chunk';

let server: LoopbackEmbeddingsServer;
beforeEach(async () => (server = await startLoopbackEmbeddingsServer(64)));
afterEach(() => server.close());

describe('semantic mode returns distinct notes', () => {
  let vault: SearchVault;
  afterEach(() => vault.dispose());

  // One long note whose 100 sections are all closer to the query than any other note.
  const FILES: Record<string, string> = {
    'Big.md': Array.from({ length: 100 }, (_, index) => `## River ${index}\nriver water river water ${index}`).join('\n\n'),
    ...Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`notes/n${String(index).padStart(2, '0')}.md`, `The river ${index} flows past town ${index} with boats and bridges ${index}.\n`])),
  };

  test('a note with many close chunks takes one place: a page of 10 holds 10 notes, and there is a next page', async () => {
    const harness = createHarness(server, {}, { batch_size: 64 });
    vault = await createSearchVault(FILES, { search: { vectors: harness.search } });
    await waitUntil(() => harness.search.stats().paths === 21, 'every note embedded');
    const first = await vault.search({ q: 'river water', mode: 'semantic', limit: 10 });
    expect(first.mode_used).toBe('semantic');
    expect(pathsOf(first)[0]).toBe('Big.md');
    expect(new Set(pathsOf(first)).size).toBe(10);
    expect(first.next_cursor).not.toBeNull();
    const second = await vault.search({ q: 'river water', mode: 'semantic', limit: 20, cursor: first.next_cursor });
    expect([...pathsOf(first), ...pathsOf(second)].sort()).toEqual(Object.keys(FILES).sort());
  });
});

describe('notes the vault no longer has', () => {
  const notes: Record<string, string> = { 'a.md': '## Alpha\nalpha rivers', 'b.md': '## Beta\nbeta rivers and lakes', 'c.md': '## Gamma\ngamma rivers' };

  test('retain() drops the vectors of notes deleted while the vault was closed, and the drop is saved', async () => {
    const first = createHarness(server);
    for (const [path, text] of Object.entries(notes)) await first.search.indexChunks(path, [makeChunk(path, text)]);
    await first.search.save();
    const second = createHarness(server, { storage: first.storage });
    await second.search.load();
    const feeder = new VectorFeeder(second.search, {} as VaultHost, () => undefined);
    feeder.retain(new Set(['a.md', 'c.md']));
    expect((await second.search.query('beta rivers and lakes', 5)).map((hit) => hit.path).sort()).toEqual(['a.md', 'c.md']);
    await feeder.stop();
    const third = createHarness(server, { storage: first.storage });
    await third.search.load();
    expect(third.search.stats()).toMatchObject({ paths: 2 });
  });

  test('semantic ranking keeps only notes the caller knows, inside the top k: a ghost takes no place', async () => {
    const { search } = createHarness(server);
    for (const [path, text] of Object.entries(notes)) await search.indexChunks(path, [makeChunk(path, text)]);
    const hits = await rankSemantically(search, 'beta rivers and lakes', 2, null, (path) => path !== 'b.md');
    expect(hits.map((hit) => hit.path).sort()).toEqual(['a.md', 'c.md']);
  });
});
