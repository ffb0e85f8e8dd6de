import { rm } from 'node:fs/promises';
import type { Chunk } from '../../../src/core/search/chunk';
import { VectorFeeder, type PersistentVectorSearch } from '../../../src/core/search/service/vector-feeder';
import type { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { openNoteHost } from './feeder-harness';

/** A vector store in memory that records what it was given, with a save the test finishes. */
class RecordingStore implements PersistentVectorSearch {
  readonly indexed: string[] = [];
  readonly removed: string[] = [];
  private finishSave: (() => void) | null = null;
  /** Saves started and not yet finished by {@link finishPendingSave}. */
  saving = 0;

  available(): boolean {
    return true;
  }
  indexChunks(path: string, _chunks: readonly Chunk[]): Promise<void> {
    this.indexed.push(path);
    return Promise.resolve();
  }
  removePath(path: string): void {
    this.removed.push(path);
  }
  query(): Promise<{ path: string; hash: string; score: number }[]> {
    return Promise.resolve([]);
  }
  save(): Promise<void> {
    this.saving += 1;
    return new Promise((resolve) => (this.finishSave = resolve));
  }
  finishPendingSave(): void {
    this.saving -= 1;
    this.finishSave?.();
  }
}

let host: NodeVaultHost;
let root: string;
beforeAll(async () => ({ host, root } = await openNoteHost({ 'a.md': 'alpha\n', 'b.md': 'beta\n', 'Private/c.md': 'secret\n' })));
afterAll(async () => {
  await host.close();
  await rm(root, { recursive: true, force: true });
});

/** Resolves once `condition` holds, checking after each turn of the event loop (at most 1,000). */
async function turnsUntil(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 1000 && !condition(); turn += 1) await new Promise((resolve) => setImmediate(resolve));
  expect(condition()).toBe(true);
}

describe('VectorFeeder', () => {
  test('a note added while the store saves is fed once the save ends (it used to wait for the next add)', async () => {
    const store = new RecordingStore();
    const feeder = new VectorFeeder(store, host, () => undefined, { pause: () => Promise.resolve() });
    feeder.add('a.md');
    await turnsUntil(() => store.saving === 1);
    feeder.add('b.md');
    store.finishPendingSave();
    await turnsUntil(() => store.saving === 1);
    store.finishPendingSave();
    await feeder.idle();
    expect(store.indexed).toEqual(['a.md', 'b.md']);
  });

  test('a note mayEmbed refuses is never read or indexed and loses its vectors; asked again when offered again', async () => {
    const store = new RecordingStore();
    const read = jest.spyOn(host, 'read');
    const reads = (): string[] => read.mock.calls.map((call) => call[0]);
    let denied = true;
    const feeder = new VectorFeeder(store, host, () => undefined, { pause: () => Promise.resolve(), mayEmbed: (path) => !(denied && path.startsWith('Private/')) });
    for (const path of ['a.md', 'Private/c.md']) feeder.add(path);
    await turnsUntil(() => store.saving === 1);
    store.finishPendingSave();
    await feeder.idle();
    expect([store.indexed, store.removed, reads()]).toEqual([['a.md'], ['Private/c.md'], ['a.md']]);
    denied = false;
    feeder.add('Private/c.md');
    await turnsUntil(() => store.saving === 1);
    store.finishPendingSave();
    await feeder.idle();
    expect([store.indexed, reads()]).toEqual([['a.md', 'Private/c.md'], ['a.md', 'Private/c.md']]);
    read.mockRestore();
  });

  // The drain's last look at the queue and the moment it is marked done are some microtasks apart.
  test.each([0, 1, 2, 3, 4, 5, 6, 7])('a note added %i microtasks after the last save resolves is fed too', async (depth) => {
    const store = new RecordingStore();
    const feeder = new VectorFeeder(store, host, () => undefined, { pause: () => Promise.resolve() });
    feeder.add('a.md');
    await turnsUntil(() => store.saving === 1);
    let later: Promise<unknown> = Promise.resolve();
    for (let step = 0; step < depth; step += 1) later = later.then(() => undefined);
    void later.then(() => feeder.add('b.md'));
    store.finishPendingSave();
    await turnsUntil(() => store.saving === 1 || store.indexed.length === 2);
    if (store.saving === 1) store.finishPendingSave();
    await feeder.idle();
    expect(store.indexed).toEqual(['a.md', 'b.md']);
  });

  test('a note denied while its text is being read is not indexed (its text goes nowhere)', async () => {
    const store = new RecordingStore();
    let denied = false;
    const read = host.read.bind(host);
    const spy = jest.spyOn(host, 'read').mockImplementation(async (path: string) => {
      const text = await read(path);
      denied = true;
      return text;
    });
    const feeder = new VectorFeeder(store, host, () => undefined, { pause: () => Promise.resolve(), mayEmbed: (path) => !(denied && path.startsWith('Private/')) });
    feeder.add('Private/c.md');
    await turnsUntil(() => store.saving === 1);
    store.finishPendingSave();
    await feeder.idle();
    spy.mockRestore();
    expect([store.indexed, store.removed]).toEqual([[], ['Private/c.md']]);
  });
});
