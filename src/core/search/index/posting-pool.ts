import { growArray } from './grow-array';
import { varintLength, writeVarint } from './varint';

/** Bytes before a block's data: the next block's offset (0 = none) and where its data ends. */
const BLOCK_HEADER = 8;
const FIRST_BLOCK_DATA = 8;
const MAX_BLOCK_DATA = 4096;

/** Decoded postings of one term: `count` (doc, value) pairs in doc order. */
export interface PostingBuffer {
  docs: Int32Array;
  values: Int32Array;
  count: number;
}

/** The arrays a {@link PostingPool} is made of, as persisted. */
export interface PostingPoolArrays {
  bytes: Uint8Array;
  heads: Int32Array;
  tails: Int32Array;
  ends: Int32Array;
  limits: Int32Array;
  lastDocs: Int32Array;
}

/** Creates an empty buffer for {@link PostingPool.decode}. */
export function createPostingBuffer(): PostingBuffer {
  return { docs: new Int32Array(256), values: new Int32Array(256), count: 0 };
}

/**
 * Every term's postings in one growable byte pool: per term a chain of blocks that double in
 * size (8 data bytes, then 16, … up to 4 KiB), each posting a varint doc delta and a varint
 * value. Docs must be appended in increasing order per term. Per-term state lives in typed
 * arrays indexed by term id, so a vault's hundreds of thousands of rare terms cost bytes, not
 * objects. Space left in full blocks is counted in `slack` for the compaction policy.
 */
export class PostingPool {
  private bytes: Uint8Array;
  private used: number;
  private heads: Int32Array;
  private tails: Int32Array;
  private ends: Int32Array;
  private limits: Int32Array;
  private lastDocs: Int32Array;
  /** Bytes allocated to blocks but never written. */
  slack = 0;

  constructor(arrays?: PostingPoolArrays) {
    this.bytes = arrays?.bytes ?? new Uint8Array(1 << 16);
    this.used = arrays === undefined ? BLOCK_HEADER : arrays.bytes.length;
    this.heads = arrays?.heads ?? new Int32Array(1024);
    this.tails = arrays?.tails ?? new Int32Array(1024);
    this.ends = arrays?.ends ?? new Int32Array(1024);
    this.limits = arrays?.limits ?? new Int32Array(1024);
    this.lastDocs = arrays?.lastDocs ?? new Int32Array(1024);
  }

  /** Bytes of the pool in use. */
  get size(): number {
    return this.used;
  }

  /** Appends the posting (`doc`, `value`) to `term`; `doc` must not be below the term's last doc. */
  append(term: number, doc: number, value: number): void {
    this.ensureTerm(term);
    const head = this.heads[term] ?? 0;
    const delta = head === 0 ? doc : doc - (this.lastDocs[term] ?? 0);
    const needed = varintLength(delta) + varintLength(value);
    if (head === 0) this.startChain(term, FIRST_BLOCK_DATA);
    else if ((this.ends[term] ?? 0) + needed > (this.limits[term] ?? 0)) this.extendChain(term, needed);
    const at = writeVarint(this.bytes, this.ends[term] ?? 0, delta);
    this.ends[term] = writeVarint(this.bytes, at, value);
    this.lastDocs[term] = doc;
  }

  /** Replaces `term`'s postings with `count` pairs in one exact-size block (compaction). */
  writeList(term: number, docs: Int32Array, values: Int32Array, count: number): void {
    this.ensureTerm(term);
    let length = 0;
    let previous = 0;
    for (let index = 0; index < count; index += 1) {
      length += varintLength((docs[index] ?? 0) - previous) + varintLength(values[index] ?? 0);
      previous = docs[index] ?? 0;
    }
    if (count === 0) return this.clear(term);
    this.startChain(term, length);
    let at = this.ends[term] ?? 0;
    previous = 0;
    for (let index = 0; index < count; index += 1) {
      at = writeVarint(this.bytes, at, (docs[index] ?? 0) - previous);
      at = writeVarint(this.bytes, at, values[index] ?? 0);
      previous = docs[index] ?? 0;
    }
    this.ends[term] = at;
    this.lastDocs[term] = previous;
  }

  /** Decodes every posting of `term` into `buffer` (grown as needed); returns the count. */
  decode(term: number, buffer: PostingBuffer): number {
    buffer.count = 0;
    let block = term < this.heads.length ? (this.heads[term] ?? 0) : 0;
    let doc = 0;
    const bytes = this.bytes;
    while (block !== 0) {
      const tail = block === this.tails[term];
      const end = tail ? (this.ends[term] ?? 0) : readInt32(bytes, block + 4);
      let at = block + BLOCK_HEADER;
      while (at < end) {
        let delta = 0;
        let shift = 1;
        let byte = 0x80;
        while (byte >= 0x80) {
          byte = bytes[at++] ?? 0;
          delta += (byte & 0x7f) * shift;
          shift *= 128;
        }
        let value = 0;
        shift = 1;
        byte = 0x80;
        while (byte >= 0x80) {
          byte = bytes[at++] ?? 0;
          value += (byte & 0x7f) * shift;
          shift *= 128;
        }
        doc += delta;
        pushPosting(buffer, doc, value);
      }
      block = tail ? 0 : readInt32(bytes, block);
    }
    return buffer.count;
  }

  /** Views of the arrays to persist, trimmed to `termCount` terms and the bytes in use (valid until the next append). */
  toArrays(termCount: number): PostingPoolArrays {
    this.ensureTerm(Math.max(termCount - 1, 0));
    const trim = (array: Int32Array): Int32Array => array.subarray(0, termCount);
    return { bytes: this.bytes.subarray(0, this.used), heads: trim(this.heads), tails: trim(this.tails), ends: trim(this.ends), limits: trim(this.limits), lastDocs: trim(this.lastDocs) };
  }

  private clear(term: number): void {
    this.heads[term] = 0;
    this.tails[term] = 0;
    this.ends[term] = 0;
    this.limits[term] = 0;
    this.lastDocs[term] = 0;
  }

  private ensureTerm(term: number): void {
    if (term < this.heads.length) return;
    this.heads = growArray(this.heads, term + 1);
    this.tails = growArray(this.tails, term + 1);
    this.ends = growArray(this.ends, term + 1);
    this.limits = growArray(this.limits, term + 1);
    this.lastDocs = growArray(this.lastDocs, term + 1);
  }

  private allocate(dataLength: number): number {
    const block = this.used;
    this.used += BLOCK_HEADER + dataLength;
    if (this.used > this.bytes.length) this.bytes = growArray(this.bytes, this.used);
    writeInt32(this.bytes, block, 0);
    writeInt32(this.bytes, block + 4, block + BLOCK_HEADER);
    return block;
  }

  private startChain(term: number, dataLength: number): void {
    const block = this.allocate(dataLength);
    this.heads[term] = block;
    this.tails[term] = block;
    this.ends[term] = block + BLOCK_HEADER;
    this.limits[term] = block + BLOCK_HEADER + dataLength;
  }

  private extendChain(term: number, needed: number): void {
    const tail = this.tails[term] ?? 0;
    const end = this.ends[term] ?? 0;
    const limit = this.limits[term] ?? 0;
    const dataLength = Math.max(needed, Math.min(MAX_BLOCK_DATA, 2 * (limit - tail - BLOCK_HEADER)));
    const block = this.allocate(dataLength);
    this.slack += limit - end;
    writeInt32(this.bytes, tail, block);
    writeInt32(this.bytes, tail + 4, end);
    this.tails[term] = block;
    this.ends[term] = block + BLOCK_HEADER;
    this.limits[term] = block + BLOCK_HEADER + dataLength;
  }
}

function pushPosting(buffer: PostingBuffer, doc: number, value: number): void {
  if (buffer.count === buffer.docs.length) {
    buffer.docs = growArray(buffer.docs, buffer.count + 1);
    buffer.values = growArray(buffer.values, buffer.count + 1);
  }
  buffer.docs[buffer.count] = doc;
  buffer.values[buffer.count] = value;
  buffer.count += 1;
}

function readInt32(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16) | ((bytes[at + 3] ?? 0) << 24)) >>> 0;
}

function writeInt32(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = value & 0xff;
  bytes[at + 1] = (value >>> 8) & 0xff;
  bytes[at + 2] = (value >>> 16) & 0xff;
  bytes[at + 3] = (value >>> 24) & 0xff;
}
