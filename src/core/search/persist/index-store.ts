import { LexicalIndex } from '../index/lexical-index';
import { TermDictionary } from '../index/term-dictionary';
import type { Storage } from '../../vault/storage';
import { chunkSections, chunksFrom, noteSections, notesFrom, poolFrom, poolPartFrom, poolParts, postingSections, postingStateFrom, SHARD_KINDS, termSections, termsFrom } from './index-shards';
import { decodeShard, encodeShard, type Checksum, type SectionArray } from './shard-codec';
import { ShardProblem } from './shard-problem';
import { generationOfEntry, MANIFEST_NAME, parseManifest, SEARCH_FOLDER, SEARCH_INDEX_VERSION, shardEntryName, type SearchManifest, type ShardRecord } from './search-manifest';

/**
 * Paces loading and saving: `pause` between pieces of synchronous work (it yields when the
 * slice is used up), `io` around awaited reads and writes (which give the thread back anyway).
 */
export interface Pacer {
  pause(): Promise<void>;
  io<T>(operation: () => Promise<T>): Promise<T>;
}

/** What loading found: an index, nothing saved yet, or a reason to rebuild. */
export type LoadOutcome = { kind: 'loaded'; index: LexicalIndex; manifest: SearchManifest } | { kind: 'missing' } | { kind: 'unusable'; problem: string };

const TERM_BATCH = 20_000;

/** One shard to write: its name, kind and sections (computed when written). */
type ShardPlan = [name: string, kind: number, sections: () => SectionArray[]];

/**
 * Writes `index` as generation `generation`: every shard, then the manifest (the commit
 * point), then removes other generations. Returns the manifest written.
 */
export async function saveIndex(storage: Storage, index: LexicalIndex, generation: number, checksum: Checksum, pacer: Pacer, clock: () => number): Promise<SearchManifest> {
  const parts = poolParts(index);
  const plans: ShardPlan[] = [
    ['terms', SHARD_KINDS.terms, () => termSections(index)],
    ['postings', SHARD_KINDS.postings, () => postingSections(index, parts)],
    ...parts.map((part, number): ShardPlan => [`pool-${number}`, SHARD_KINDS.pool, () => [part]]),
    ['chunks', SHARD_KINDS.chunks, () => chunkSections(index)],
    ['notes', SHARD_KINDS.notes, () => noteSections(index)],
  ];
  const shards: Record<string, ShardRecord> = {};
  for (const [name, kind, sections] of plans) {
    const shard = encodeShard({ kind, generation }, sections(), checksum);
    const entry = shardEntryName(generation, name);
    shards[name] = { name: entry, bytes: shard.bytes.length, checksum: shard.checksum };
    await pacer.io(() => storage.write(entry, shard.bytes));
  }
  const manifest: SearchManifest = { format: 'indx-search', version: SEARCH_INDEX_VERSION, generation, savedAt: clock(), notes: index.liveNotes, chunks: index.liveChunks, terms: index.terms.size, shards };
  await pacer.io(() => storage.write(MANIFEST_NAME, JSON.stringify(manifest)));
  // The manifest is the commit point: once it is written this generation is live, so failing to
  // clean up older ones (a file held by a sync client) must not fail the save, or the next save
  // would reuse this generation's number and overwrite the live shards in place.
  await pacer.io(() => removeOtherGenerations(storage, generation)).catch(() => undefined);
  return manifest;
}

/** Loads the saved index; any damage or version mismatch comes back as `unusable`, never thrown. */
export async function loadIndex(storage: Storage, checksum: Checksum, pacer: Pacer): Promise<LoadOutcome> {
  try {
    const manifestBytes = await pacer.io(() => storage.read(MANIFEST_NAME));
    if (manifestBytes === null) return { kind: 'missing' };
    const manifest = parseManifest(manifestBytes);
    const sections = async (name: string, kind: number): Promise<SectionArray[]> => {
      const bytes = await pacer.io(() => storage.read(shardEntryName(manifest.generation, name)));
      if (bytes === null) throw new ShardProblem(`shard ${name} is missing`);
      if (bytes.length !== manifest.shards[name]?.bytes) throw new ShardProblem(`shard ${name} has another size than the manifest says`);
      const decoded = decodeShard(bytes, { kind, generation: manifest.generation, expectedChecksum: manifest.shards[name]?.checksum }, checksum);
      await pacer.pause();
      return decoded;
    };
    const terms = await dictionaryFrom(await termsFrom(await sections('terms', SHARD_KINDS.terms), () => pacer.pause()), pacer);
    const state = postingStateFrom(await sections('postings', SHARD_KINDS.postings));
    const bytes = new Uint8Array(state.partLengths.reduce((total, length) => total + length, 0));
    let offset = 0;
    for (let number = 0; number < state.partLengths.length; number += 1) {
      const part = poolPartFrom(await sections(`pool-${number}`, SHARD_KINDS.pool));
      if (part.length !== state.partLengths[number]) throw new ShardProblem(`pool part ${number} has another length than recorded`);
      bytes.set(part, offset);
      offset += part.length;
    }
    const pool = poolFrom(state, bytes, terms.size);
    const chunks = await chunksFrom(await sections('chunks', SHARD_KINDS.chunks), () => pacer.pause());
    await pacer.pause();
    const notes = await notesFrom(await sections('notes', SHARD_KINDS.notes), () => pacer.pause());
    await pacer.pause();
    checkReferences(chunks.notes, notes.firstChunks, notes.chunkCounts, chunks.count, notes.count);
    return { kind: 'loaded', index: new LexicalIndex({ terms, pool, chunks, notes }), manifest };
  } catch (error: unknown) {
    return { kind: 'unusable', problem: error instanceof Error ? error.message : String(error) };
  }
}

/** Total bytes of the saved index (shards and manifest), from the manifest. */
export function sizeOnDisk(manifest: SearchManifest): number {
  return Object.values(manifest.shards).reduce((total, shard) => total + shard.bytes, JSON.stringify(manifest).length);
}

/** Removes every saved lexical index entry (after finding it unusable); other files under `search/` stay. */
export async function removeSavedIndex(storage: Storage): Promise<void> {
  for (const name of await storage.list(SEARCH_FOLDER)) if (name === MANIFEST_NAME || generationOfEntry(name) !== null) await storage.remove(name);
}

async function dictionaryFrom(terms: string[], pacer: Pacer): Promise<TermDictionary> {
  const dictionary = new TermDictionary();
  for (let start = 0; start < terms.length; start += TERM_BATCH) {
    for (let index = start; index < Math.min(terms.length, start + TERM_BATCH); index += 1) dictionary.add(terms[index] ?? '');
    await pacer.pause();
  }
  if (dictionary.size !== terms.length) throw new ShardProblem('the vocabulary repeats a term');
  return dictionary;
}

function checkReferences(chunkNotes: Int32Array, firstChunks: Int32Array, chunkCounts: Int32Array, chunkCount: number, noteCount: number): void {
  if (chunkNotes.some((note) => note < 0 || note >= noteCount)) throw new ShardProblem('a chunk names a note that does not exist');
  firstChunks.forEach((first, note) => {
    if (first < 0 || first + (chunkCounts[note] ?? 0) > chunkCount) throw new ShardProblem('a note names chunks that do not exist');
  });
}

async function removeOtherGenerations(storage: Storage, generation: number): Promise<void> {
  for (const name of await storage.list(SEARCH_FOLDER)) {
    const entryGeneration = generationOfEntry(name);
    if (entryGeneration !== null && entryGeneration !== generation) await storage.remove(name);
  }
}
