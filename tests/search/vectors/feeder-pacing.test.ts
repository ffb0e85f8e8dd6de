import { rm } from 'node:fs/promises';
import { splitNote } from '../../../src/core/search/chunking/chunk-note';
import { VectorFeeder } from '../../../src/core/search/service/vector-feeder';
import type { VaultHost } from '../../../src/core/vault/vault-host';
import type { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { openNoteHost } from './feeder-harness';
import { createHarness, type Harness } from './harness';
import { startLoopbackEmbeddingsServer, type LoopbackEmbeddingsServer } from './loopback-embeddings-server';

const NOTE_COUNT = 600;
const FILES = Object.fromEntries(Array.from({ length: NOTE_COUNT }, (_, index) => [`n${index}.md`, `# Note ${index}\n${'Some text about things. '.repeat(20)}\n## Part\nmore text ${index}\n`]));
const PATHS = Object.keys(FILES);

let server: LoopbackEmbeddingsServer;
let host: NodeVaultHost;
let root: string;
let harness: Harness;
let sent: number;

// Every note embedded already (the store of a vault opened again): offering them costs no request.
beforeAll(async () => {
  server = await startLoopbackEmbeddingsServer();
  ({ host, root } = await openNoteHost(FILES));
  harness = createHarness(server, {}, { batch_size: 512 });
  await Promise.all(PATHS.map(async (path) => harness.search.indexChunks(path, chunksOf(path, await host.read(path)))));
  sent = server.requests.length;
});
afterAll(async () => {
  await host.close();
  await server.close();
  await rm(root, { recursive: true, force: true });
});

function chunksOf(path: string, text: string) {
  return splitNote(path, text, host.getMetadata(path)).chunks;
}

describe('VectorFeeder pacing (the Node host reads small known files in a microtask, as Obsidian cachedRead does)', () => {
  test('re-offering 600 unchanged notes gives the thread back on its own clock when no pause is given', async () => {
    const feeder = new VectorFeeder(harness.search, host, () => undefined);
    let turns = 0;
    let done = false;
    const tick = (): void => {
      turns += 1;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    for (const path of PATHS) feeder.add(path);
    await feeder.idle();
    const during = turns;
    done = true;
    expect(during).toBeGreaterThan(0);
    expect(server.requests.length).toBe(sent);
  });

  test('the injected pause is called between notes (the search service passes its slicer\'s)', async () => {
    let pauses = 0;
    const feeder = new VectorFeeder(harness.search, host, () => undefined, { pause: () => Promise.resolve(void (pauses += 1)) });
    for (const path of PATHS.slice(0, 50)) feeder.add(path);
    await feeder.idle();
    expect(pauses).toBe(50);
  });

  test('a note offered with the chunk hashes the store records is skipped without reading it; a changed one is read', async () => {
    const reads: string[] = [];
    const counting = { read: (path: string) => (reads.push(path), host.read(path)), getMetadata: (path: string) => host.getMetadata(path) } as Pick<VaultHost, 'read' | 'getMetadata'> as VaultHost;
    const feeder = new VectorFeeder(harness.search, counting, () => undefined);
    for (const path of PATHS.slice(0, 100)) feeder.add(path, chunksOf(path, FILES[path]!).map((chunk) => chunk.hash));
    feeder.add('n100.md', ['0123456789abcdef']);
    await feeder.idle();
    expect(reads).toEqual(['n100.md']);
  });
});
