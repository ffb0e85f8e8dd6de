import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createSearchVault, openSearchVault, pathsOf, type SearchVault } from '../search-vault';
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

const FILES = { 'a.md': 'alpha note about lakes\n', 'b.md': 'beta note about rivers\n', 'c.md': 'gamma note about hills\n' };

describe('semantic search never names a note deleted while the vault was closed', () => {
  test.each([
    ['the saved index is loaded', false],
    ['the saved index is unusable and rebuilt', true],
  ])('%s', async (_case, corruptIndex) => {
    const first = createHarness(server);
    const opened = await createSearchVault(FILES, { search: { vectors: first.search } });
    await waitUntil(() => first.search.stats().paths === 3, 'every note embedded');
    await opened.close();
    await rm(join(opened.root, 'b.md'));
    if (corruptIndex) await opened.storage.write('search/manifest.json', '{oops');
    const second = createHarness(server, { storage: first.storage });
    vault = await openSearchVault(opened.root, { search: { vectors: second.search } });
    await vault.engine.search?.whenReady();
    const found = await vault.search({ q: 'beta note about rivers', mode: 'semantic' });
    expect(pathsOf(found).sort()).toEqual(['a.md', 'c.md']);
    expect(second.search.stats().paths).toBe(2);
  });
});
