import { setTimeout as delay } from 'node:timers/promises';
import { Engine } from '../../src/core/engine';
import type { PersistentVectorSearch } from '../../src/core/search/service/vector-feeder';
import type { VaultHost } from '../../src/core/vault/vault-host';
import { FileStorage, locateStateDir } from '../../src/hosts/node/file-storage';
import { NodeVaultHost } from '../../src/hosts/node/node-vault-host';
import { writeTempFolder } from '../helpers/temp-vault';

/** The host with its reads counted. */
function countingReads(host: VaultHost): { host: VaultHost; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(host, {
    get(target, property) {
      if (property === 'read') return (path: string) => ((reads += 1), target.read(path));
      return Reflect.get(target, property, target) as unknown;
    },
  });
  return { host: proxy, reads: () => reads };
}

/** A vector store whose load finishes when the test says so: the window in which vault events arrive. */
function heldLoadingVectors(): { vectors: PersistentVectorSearch; release: () => void } {
  let release = (): void => undefined;
  const loaded = new Promise<void>((resolve) => (release = resolve));
  return { vectors: { available: () => false, indexChunks: () => Promise.resolve(), removePath: () => undefined, query: () => Promise.resolve([]), load: () => loaded }, release: () => release() };
}

async function openEngine(root: string, host: VaultHost, vectors?: PersistentVectorSearch): Promise<Engine> {
  return Engine.create({ host, storage: new FileStorage(locateStateDir(root)), search: { saveDelayMs: 20, vectors } });
}

describe('vault events while the search index opens', () => {
  // Obsidian fires events right after start-up. An event that arrived while the saved index was
  // still loading used to start indexing on the empty placeholder: the service claimed "ready"
  // with most notes missing, then saved that near-empty index over the real one.
  it('neither reports ready early nor overwrites the saved index; only the changed note is re-read', async () => {
    const root = await writeTempFolder(Object.fromEntries(Array.from({ length: 200 }, (_unused, index) => [`n${index}.md`, `note ${index} about comets\n`])));
    const first = await NodeVaultHost.open(root);
    const builder = await openEngine(root, first);
    await builder.search?.whenReady();
    await builder.close();
    await first.close();

    const node = await NodeVaultHost.open(root);
    const { host, reads } = countingReads(node);
    const held = heldLoadingVectors();
    const engine = await openEngine(root, host, held.vectors);
    const starting = engine.search?.start();
    await node.process('n1.md', (text) => `${text}and asteroids\n`);
    await delay(60);
    expect(engine.search?.status().state).not.toBe('ready');
    held.release();
    await starting;
    await engine.search?.whenReady();
    await engine.search?.settled();
    await delay(60);
    await engine.search?.settled();
    expect(reads()).toBe(1);
    const found = await engine.call('vault_search', { q: 'comets', limit: 100 });
    expect((found.output as { results: unknown[] }).results).toHaveLength(100);
    expect(engine.search?.status().notes).toBe(200);
    await engine.close();
    await node.close();
  });
});
