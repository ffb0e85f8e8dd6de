import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { METADATA_PARSER_VERSION } from '../../core/metadata/parser-version';
import type { CachedMetadata } from '../../core/metadata/types';
import { writeFileAtomic } from './atomic-write';

/** The layout of the shard files; another value is never read. */
const FORMAT = 1;

/** Notes are spread over this many shard files by a hash of their path: a change rewrites one of them. */
export const METADATA_SHARDS = 64;

/** One note as the cache keeps it: its vault path, the file signature it was parsed at, its metadata. */
export type CachedNote = readonly [path: string, signature: string, metadata: CachedMetadata];

/** What one shard file says of itself on its first line. */
interface ShardHeader {
  format: number;
  parser: number;
  shard: number;
  shards: number;
  notes: number;
  sha256: string;
}

/** The name of shard `shard`'s file. */
function shardFileName(shard: number): string {
  return `notes-${shard.toString(16).padStart(2, '0')}.json`;
}

/** The shard a vault path belongs to (FNV-1a over its UTF-16 code units). */
export function shardOf(vaultPath: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < vaultPath.length; index += 1) hash = Math.imul(hash ^ vaultPath.charCodeAt(index), 0x01000193);
  return (hash >>> 0) % METADATA_SHARDS;
}

/**
 * The headless host's persisted metadata cache, like Obsidian's own: every note's compact
 * metadata, keyed by its vault path and the signature (modification time and size) of the file
 * it was parsed from, under the parser's version. At start the host takes a note's metadata from
 * here when the file's signature is unchanged, and reads and parses only the others.
 *
 * On disk: {@link METADATA_SHARDS} files in one folder of the state folder, each a JSON header
 * line (format, parser version, shard, note count, SHA-256 of the rest) and a JSON array of
 * notes. A change marks its shard; `save` rewrites the marked shards, each atomically. A shard
 * that is unreadable, torn, of another format or parser version is ignored (its notes are parsed
 * again and the shard rewritten): the cache can only cost a re-parse, never a wrong answer or a
 * failed start.
 */
export class MetadataCache {
  private readonly dirty = new Set<number>();
  /** Why shards were ignored at load (one line each). */
  readonly problems: string[] = [];

  private constructor(
    readonly folder: string,
    /** What the files held at load, until the scan takes it. */
    private saved: Map<string, { signature: string; metadata: CachedMetadata }>,
  ) {}

  /** Reads every shard under `folder` (missing: an empty cache), calling `pause` between shards. */
  static async load(folder: string, pause: () => Promise<void> = () => Promise.resolve()): Promise<MetadataCache> {
    const cache = new MetadataCache(folder, new Map());
    const texts = await Promise.all(Array.from({ length: METADATA_SHARDS }, (_, shard) => readShardText(folder, shard)));
    for (const [shard, text] of texts.entries()) {
      if (text === null) {
        cache.dirty.add(shard);
        continue;
      }
      const notes = decodeShard(text, shard);
      if (typeof notes === 'string') {
        cache.problems.push(`${shardFileName(shard)}: ${notes}`);
        cache.dirty.add(shard);
      } else {
        for (const [vaultPath, signature, metadata] of notes) cache.saved.set(vaultPath, { signature, metadata });
      }
      await pause();
    }
    return cache;
  }

  /** How many notes the files held at load and the scan has not taken yet. */
  get savedNotes(): number {
    return this.saved.size;
  }

  /**
   * The metadata saved for the note at `vaultPath` when it was parsed from a file of this
   * signature, else null (the note must be parsed; its shard will be rewritten). Each note is
   * taken once.
   */
  take(vaultPath: string, signature: string): CachedMetadata | null {
    const entry = this.saved.get(vaultPath);
    this.saved.delete(vaultPath);
    if (entry !== undefined && entry.signature === signature) return entry.metadata;
    this.changed(vaultPath);
    return null;
  }

  /** The scan is over: notes saved but not found are gone, so their shards are rewritten. */
  finishScan(): void {
    for (const vaultPath of this.saved.keys()) this.changed(vaultPath);
    this.saved = new Map();
  }

  /** The note at `vaultPath` changed, appeared or left: its shard is rewritten at the next save. */
  changed(vaultPath: string): void {
    this.dirty.add(shardOf(vaultPath));
  }

  /** True when a save would write anything. */
  get hasChanges(): boolean {
    return this.dirty.size > 0;
  }

  /**
   * Rewrites every changed shard from `notes` (all notes of the vault now), each atomically,
   * calling `pause` between shards. A shard that changes again while this runs is written by the
   * next save. A failed write leaves its shard marked.
   */
  async save(notes: Iterable<CachedNote>, pause: () => Promise<void> = () => Promise.resolve()): Promise<void> {
    if (this.dirty.size === 0) return;
    const shards = new Map<number, CachedNote[]>([...this.dirty].map((shard) => [shard, []]));
    this.dirty.clear();
    for (const note of notes) shards.get(shardOf(note[0]))?.push(note);
    await fs.mkdir(this.folder, { recursive: true });
    for (const [shard, members] of shards) {
      await writeFileAtomic(path.join(this.folder, shardFileName(shard)), encodeShard(shard, members)).catch((error: unknown) => {
        this.dirty.add(shard);
        throw error;
      });
      await pause();
    }
  }
}

async function readShardText(folder: string, shard: number): Promise<string | null> {
  try {
    return await fs.readFile(path.join(folder, shardFileName(shard)), 'utf8');
  } catch {
    // Missing (a first start) or unreadable: its notes are parsed and the shard written again.
    return null;
  }
}

function encodeShard(shard: number, notes: readonly CachedNote[]): string {
  const body = JSON.stringify(notes);
  const header: ShardHeader = { format: FORMAT, parser: METADATA_PARSER_VERSION, shard, shards: METADATA_SHARDS, notes: notes.length, sha256: sha256(body) };
  return `${JSON.stringify(header)}\n${body}`;
}

/** The notes of a shard file's text, or why it cannot be used. */
function decodeShard(text: string, shard: number): CachedNote[] | string {
  const newline = text.indexOf('\n');
  if (newline === -1) return 'no header line';
  const header = parseJson(text.slice(0, newline)) as Partial<ShardHeader> | undefined;
  if (header?.format !== FORMAT) return `format ${String(header?.format)}, this version reads ${FORMAT}`;
  if (header.parser !== METADATA_PARSER_VERSION) return `parser version ${String(header.parser)}, this version is ${METADATA_PARSER_VERSION}`;
  if (header.shard !== shard || header.shards !== METADATA_SHARDS) return `shard ${String(header.shard)} of ${String(header.shards)}, expected ${shard} of ${METADATA_SHARDS}`;
  const body = text.slice(newline + 1);
  if (header.sha256 !== sha256(body)) return 'checksum mismatch (torn or altered)';
  const notes = parseJson(body);
  if (!Array.isArray(notes) || notes.length !== header.notes || !notes.every(isCachedNote)) return 'unexpected content';
  return notes;
}

function isCachedNote(value: unknown): value is CachedNote {
  return Array.isArray(value) && value.length === 3 && typeof value[0] === 'string' && typeof value[1] === 'string' && typeof value[2] === 'object' && value[2] !== null && !Array.isArray(value[2]);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
