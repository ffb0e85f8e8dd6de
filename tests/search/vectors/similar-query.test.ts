import { LOCAL_CALLER } from '../../../src/core/engine';
import { similarVaultResource } from '../../../src/server/mcp/resources/similar-vault';
import { createSearchVault, type SearchVault } from '../search-vault';
import { waitUntil } from './feeder-harness';
import { createHarness } from './harness';
import { startLoopbackEmbeddingsServer, type LoopbackEmbeddingsServer } from './loopback-embeddings-server';

let server: LoopbackEmbeddingsServer;
let vault: SearchVault;
beforeEach(async () => (server = await startLoopbackEmbeddingsServer(64)));
afterEach(async () => {
  await vault.dispose();
  await server.close();
});

describe('similar://vault/{+path} with embeddings', () => {
  test('a note with hundreds of headings sends a query of at most 2,000 characters, and still finds its neighbours', async () => {
    const harness = createHarness(server);
    const outline = Array.from({ length: 300 }, (_, index) => `## Heading number ${index}\nSection text ${index}.`).join('\n');
    vault = await createSearchVault({ 'Big.md': outline, 'Other.md': '# Heading number\nSection text about headings.\n', 'Far.md': 'Bananas.\n' }, { search: { vectors: harness.search } });
    await waitUntil(() => harness.search.stats().paths === 3, 'every note embedded');
    const [content] = await similarVaultResource.read('similar://vault/Big.md', { path: 'Big.md' }, vault.engine, LOCAL_CALLER);
    const body = JSON.parse(content!.text!) as { mode_used: string; similar: { path: string }[] };
    expect(body.mode_used).toBe('hybrid');
    expect(body.similar[0]!.path).toBe('Other.md');
    const query = server.requests.at(-1)!.body.input!;
    expect(query).toHaveLength(1);
    expect(query[0]!.startsWith('Big Heading number 0 Heading number 1 ')).toBe(true);
    expect(query[0]!.length).toBeLessThanOrEqual(2000);
  });
});
