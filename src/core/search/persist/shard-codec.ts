import { ShardProblem } from './shard-problem';

/** Version of the shard layout; a shard of another version is rebuilt, never read. */
export const SHARD_FORMAT_VERSION = 1;

/** A typed array stored in a shard section. */
export type SectionArray = Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array;

/** What a shard claims to be, checked on load. */
export interface ShardIdentity {
  kind: number;
  generation: number;
  /** The payload checksum the manifest recorded, when reading: a shard from another save is refused. */
  expectedChecksum?: string;
}

/** Computes a shard's checksum (the engine passes its xxhash64 ETag function: 16 hex digits). */
export type Checksum = (bytes: Uint8Array) => string;

const MAGIC = [0x49, 0x58, 0x53, 0x48]; // "IXSH"
const HEADER_LENGTH = 48;
const CHECKSUM_AT = 24;
const CHECKSUM_LENGTH = 16;
const ENDIANNESS_AT = 40;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 2;
const CONSTRUCTORS = [Int32Array, Uint32Array, Uint16Array, Uint8Array, Float64Array] as const;

/** An encoded shard and the checksum of its payload (as its header records it). */
export interface EncodedShard {
  bytes: Uint8Array;
  checksum: string;
}

/**
 * Encodes typed arrays as one shard: a 48-byte header (magic, format version, kind, generation,
 * payload length, section count, payload checksum, byte order) and 8-byte-aligned sections
 * (type, element count, raw bytes in the platform's order), so loading makes views, not copies.
 */
export function encodeShard(identity: ShardIdentity, sections: readonly SectionArray[], checksum: Checksum): EncodedShard {
  const payloadLength = sections.reduce((total, section) => total + 8 + align(section.byteLength), 0);
  const shard = new Uint8Array(HEADER_LENGTH + payloadLength);
  const view = new DataView(shard.buffer);
  let at = HEADER_LENGTH;
  for (const section of sections) {
    view.setUint32(at, CONSTRUCTORS.findIndex((constructor) => section instanceof constructor), true);
    view.setUint32(at + 4, section.length, true);
    shard.set(new Uint8Array(section.buffer, section.byteOffset, section.byteLength), at + 8);
    at += 8 + align(section.byteLength);
  }
  shard.set(MAGIC, 0);
  [SHARD_FORMAT_VERSION, identity.kind, identity.generation, payloadLength, sections.length].forEach((value, index) => view.setUint32(4 + 4 * index, value, true));
  const payloadChecksum = checksum(shard.subarray(HEADER_LENGTH)).padStart(CHECKSUM_LENGTH, '0').slice(0, CHECKSUM_LENGTH);
  shard.set(new TextEncoder().encode(payloadChecksum), CHECKSUM_AT);
  shard[ENDIANNESS_AT] = LITTLE_ENDIAN;
  return { bytes: shard, checksum: payloadChecksum };
}

/** Checks a shard's header and checksum and returns its sections; throws {@link ShardProblem}. */
export function decodeShard(data: Uint8Array, identity: ShardIdentity, checksum: Checksum): SectionArray[] {
  const shard = data.byteOffset % 8 === 0 ? data : data.slice();
  if (shard.length < HEADER_LENGTH || MAGIC.some((byte, index) => shard[index] !== byte)) throw new ShardProblem('not an index shard');
  const view = new DataView(shard.buffer, shard.byteOffset, shard.byteLength);
  const [version, kind, generation, payloadLength, sectionCount] = [4, 8, 12, 16, 20].map((at) => view.getUint32(at, true));
  if (version !== SHARD_FORMAT_VERSION) throw new ShardProblem(`shard format ${version}, expected ${SHARD_FORMAT_VERSION}`);
  if (kind !== identity.kind || generation !== identity.generation) throw new ShardProblem('shard of another kind or generation');
  if (shard[ENDIANNESS_AT] !== LITTLE_ENDIAN) throw new ShardProblem('shard written with another byte order');
  if (payloadLength !== shard.length - HEADER_LENGTH) throw new ShardProblem('shard truncated or padded');
  const stored = new TextDecoder().decode(shard.subarray(CHECKSUM_AT, CHECKSUM_AT + CHECKSUM_LENGTH));
  const actual = checksum(shard.subarray(HEADER_LENGTH)).padStart(CHECKSUM_LENGTH, '0').slice(0, CHECKSUM_LENGTH);
  if (stored !== actual) throw new ShardProblem('shard checksum mismatch');
  if (identity.expectedChecksum !== undefined && stored !== identity.expectedChecksum) throw new ShardProblem('shard is not the one the manifest names');
  return readSections(shard, view, sectionCount ?? 0);
}

function readSections(shard: Uint8Array, view: DataView, count: number): SectionArray[] {
  const sections: SectionArray[] = [];
  let at = HEADER_LENGTH;
  for (let index = 0; index < count; index += 1) {
    if (at + 8 > shard.length) throw new ShardProblem('section header past the end');
    const Constructor = CONSTRUCTORS[view.getUint32(at, true)];
    const length = view.getUint32(at + 4, true);
    if (Constructor === undefined) throw new ShardProblem('unknown section type');
    const byteLength = length * Constructor.BYTES_PER_ELEMENT;
    if (at + 8 + byteLength > shard.length) throw new ShardProblem('section past the end');
    sections.push(new Constructor(shard.buffer as ArrayBuffer, shard.byteOffset + at + 8, length));
    at += 8 + align(byteLength);
  }
  if (at !== shard.length) throw new ShardProblem('shard has bytes after its sections');
  return sections;
}

function align(length: number): number {
  return Math.ceil(length / 8) * 8;
}
