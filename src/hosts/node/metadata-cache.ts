import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { METADATA_PARSER_VERSION } from '../../core/metadata/parser-version';
import type { CachedMetadata } from '../../core/metadata/types';
import { writeFileAtomic } from './atomic-write';

/** The layout of the shard files; another value is never read. */
const FORMAT = 2;

/** The file that says which set of vault paths the saved link counts were counted against. */
const VAULT_FILE = 'vault.json';

/** Notes are spread over this many shard files by a hash of their path: a change rewrites one of them. */
export const METADATA_SHARDS = 64;

/** A note's entries of the link maps (`resolvedLinks[path]`, `unresolvedLinks[path]`). */
export type NoteLinkCounts = Record<string, number>;

/**
 * One note as the cache keeps it: its vault path, the file signature it was parsed at, its
 * metadata and its link counts (valid while the vault holds the same set of paths, see
 * {@link pathSetFingerprint}).
 */
export type CachedNote = readonly [path: string, signature: string, metadata: CachedMetadata, resolved: NoteLinkCounts, unresolved: NoteLinkCounts];

/** What the cache knows of one unchanged note. */
export interface SavedNote {
  metadata: CachedMetadata;
  resolved: NoteLinkCounts;
  unresolved: NoteLinkCounts;
}

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

/**
 * A fingerprint of a set of vault paths, independent of their order: the count and two sums of
 * 32-bit hashes. A note's link counts depend only on its links and on which paths exist, so the
 * counts saved for unchanged notes hold as long as this is unchanged.
 */
export function pathSetFingerprint(paths: Iterable<string>): string {
  let count = 0;
  let low = 0;
  let high = 0;
  for (const vaultPath of paths) {
    count += 1;
    low = (low + fnv1a(vaultPath, 0x811c9dc5)) % 0x100000000;
    high = (high + fnv1a(vaultPath, 0x050c5d1f)) % 0x100000000;
  }
  return `${count}:${low.toString(16)}:${high.toString(16)}`;
}

function fnv1a(text: string, seed: number): number {
  let hash = seed;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/** The shard a vault path belongs to (FNV-1a over its UTF-16 code units). */
export function shardOf(vaultPath: string): number {
  return fnv1a(vaultPath, 0x811c9dc5) % METADATA_SHARDS;
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
  /** The shard files ignored at load, and why. */
  readonly problems: { file: string; reason: string }[] = [];
  /** The path set the saved link counts were counted against (see `pathSetFingerprint`); null: none trusted. */
  savedFingerprint: string | null = null;

  private constructor(
    readonly folder: string,
    /** What the files held at load, until the scan takes it. */
    private saved: Map<string, SavedNote & { signature: string }>,
  ) {}

  /** Reads every shard under `folder` (missing: an empty cache), calling `pause` between shards. */
  static async load(folder: string, pause: () => Promise<void> = () => Promise.resolve()): Promise<MetadataCache> {
    const cache = new MetadataCache(folder, new Map());
    cache.savedFingerprint = decodeVaultFile(await readText(path.join(folder, VAULT_FILE)));
    const texts = await Promise.all(Array.from({ length: METADATA_SHARDS }, (_, shard) => readText(path.join(folder, shardFileName(shard)))));
    for (const [shard, text] of texts.entries()) {
      if (text === null) {
        cache.dirty.add(shard);
        continue;
      }
      const notes = decodeShard(text, shard);
      if (typeof notes === 'string') {
        cache.problems.push({ file: shardFileName(shard), reason: notes });
        cache.dirty.add(shard);
      } else {
        for (const [vaultPath, signature, metadata, resolved, unresolved] of notes) cache.saved.set(vaultPath, { signature, metadata, resolved, unresolved });
      }
      await pause();
    }
    return cache;
  }

  /** The problems, each reason once with its file or how many files it concerns (a cache of another version gives one reason 64 times). */
  describeProblems(): string {
    const filesByReason = new Map<string, string[]>();
    for (const { file, reason } of this.problems) filesByReason.set(reason, [...(filesByReason.get(reason) ?? []), file]);
    return [...filesByReason].map(([reason, files]) => `${files.length === 1 ? files[0] : `${files.length} shards`}: ${reason}`).join('; ');
  }

  /** How many notes the files held at load and the scan has not taken yet. */
  get savedNotes(): number {
    return this.saved.size;
  }

  /**
   * What was saved for the note at `vaultPath` when it was parsed from a file of this signature,
   * else null (the note must be parsed; its shard will be rewritten). Each note is taken once.
   */
  take(vaultPath: string, signature: string): SavedNote | null {
    const entry = this.saved.get(vaultPath);
    this.saved.delete(vaultPath);
    if (entry !== undefined && entry.signature === signature) return entry;
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
   * Rewrites every changed shard from `notes` (all notes of the vault now, with their link
   * counts against the vault's paths, whose fingerprint is `fingerprint`), each atomically,
   * calling `pause` between shards. The fingerprint is taken away first and written last: a save
   * cut short leaves counts nobody trusts, never counts trusted for the wrong paths. A shard that
   * changes again while this runs is written by the next save; a failed write leaves it marked.
   */
  async save(notes: Iterable<CachedNote>, fingerprint: string, pause: () => Promise<void> = () => Promise.resolve()): Promise<void> {
    if (this.dirty.size === 0) return;
    const shards = new Map<number, CachedNote[]>([...this.dirty].map((shard) => [shard, []]));
    this.dirty.clear();
    for (const note of notes) shards.get(shardOf(note[0]))?.push(note);
    await fs.mkdir(this.folder, { recursive: true });
    await fs.rm(path.join(this.folder, VAULT_FILE), { force: true });
    for (const [shard, members] of shards) {
      // Not synced: each shard checks itself (SHA-256), so a crash costs a re-parse, never a wrong answer.
      await writeFileAtomic(path.join(this.folder, shardFileName(shard)), encodeShard(shard, members), { durable: false }).catch((error: unknown) => {
        for (const unsaved of shards.keys()) this.dirty.add(unsaved);
        throw error;
      });
      await pause();
    }
    await writeFileAtomic(path.join(this.folder, VAULT_FILE), JSON.stringify({ format: FORMAT, parser: METADATA_PARSER_VERSION, fingerprint }), { durable: false });
  }
}

async function readText(file: string): Promise<string | null> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch {
    // Missing (a first start) or unreadable: its notes are parsed and the file written again.
    return null;
  }
}

/** The fingerprint a vault file records, or null when it is missing, of another format or parser. */
function decodeVaultFile(text: string | null): string | null {
  const record = text === null ? undefined : (parseJson(text) as { format?: unknown; parser?: unknown; fingerprint?: unknown } | undefined);
  if (record?.format !== FORMAT || record.parser !== METADATA_PARSER_VERSION || typeof record.fingerprint !== 'string') return null;
  return record.fingerprint;
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
  return Array.isArray(value) && value.length === 5 && typeof value[0] === 'string' && typeof value[1] === 'string' && isRecord(value[2]) && isRecord(value[3]) && isRecord(value[4]);
}

function isRecord(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
