import { fuseRanks } from '../../../src/core/search/query/fuse-ranks';
import type { Chunk } from '../../../src/core/search/chunk';
import { createHarness } from './harness';
import { startLoopbackEmbeddingsServer, type LoopbackEmbeddingsServer } from './loopback-embeddings-server';
import { makeChunk } from './make-chunk';

let server: LoopbackEmbeddingsServer;
beforeEach(async () => (server = await startLoopbackEmbeddingsServer(64)));
afterEach(() => server.close());

const VAULT: Record<string, string[]> = {
  'baking/bread.md': ['# Bread', '## Starter\nFeed the sourdough starter flour and water every morning', '## Oven\nPreheat the oven with the dutch pot inside'],
  'garden/compost.md': ['# Compost', '## Greens\nKitchen scraps and coffee grounds add nitrogen'],
  'work/meeting.md': ['# Weekly meeting', '## Actions\nShip the release notes and update the roadmap'],
};

function chunksOf(path: string): Chunk[] {
  return VAULT[path]!.map((text, index) => makeChunk(path, text, index * 4));
}

async function indexedHarness() {
  const harness = createHarness(server, {}, { batch_size: 3 });
  await Promise.all(Object.keys(VAULT).map((path) => harness.search.indexChunks(path, chunksOf(path))));
  return harness;
}

describe('semantic mode over a small vault (loopback provider, real AI SDK)', () => {
  test('the best hit points at the section that matches, so results can name its heading', async () => {
    const { search } = await indexedHarness();
    const [best] = await search.query('feed the sourdough starter', 3);
    const section = chunksOf('baking/bread.md').find((chunk) => chunk.hash === best!.hash);
    expect(best!.path).toBe('baking/bread.md');
    expect(section!.heading).toBe('Starter');
    expect(server.requests.slice(0, 3).map((request) => request.body.input!.length)).toEqual([3, 3, 1]);
  });

  test('hybrid: a note both rankers find comes first after rank fusion', async () => {
    const { search } = await indexedHarness();
    const semanticPaths = [...new Set((await search.query('roadmap release', 10)).map((hit) => hit.path))];
    const lexicalPaths = ['garden/compost.md', 'work/meeting.md'];
    const fused = fuseRanks([lexicalPaths, semanticPaths]);
    expect(semanticPaths[0]).toBe('work/meeting.md');
    expect(fused[0]!.key).toBe('work/meeting.md');
    expect(fused.map((entry) => entry.key).sort()).toEqual(Object.keys(VAULT).sort());
  });

  test('a provider outage is reported as embeddings_unavailable so search can fall back to lexical', async () => {
    const { search } = await indexedHarness();
    server.failNext({ status: 502 }, { status: 502 }, { status: 502 }, { status: 502 });
    await expect(search.query('oven temperature', 3)).rejects.toMatchObject({ code: 'embeddings_unavailable' });
    expect(search.available()).toBe(false);
    expect(search.stats().last_error).toMatchObject({ code: 'embeddings_unavailable' });
  });
});
