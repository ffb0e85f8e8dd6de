import type { VectorBlockData } from './vector-blocks';
import type { VectorEncoding } from './vector-encoding';
import type { BlockRows } from './vector-store';

/**
 * One block of vectors as bytes. Layout (little-endian, as typed arrays are on every platform
 * Obsidian and Node run on): "IXVS", u32 version, u32 dimensions, u32 rows, u32 encoding
 * (0 float32, 1 int8), u32 length of the UTF-8 JSON `{hashes, paths}`, that JSON padded to 4
 * bytes, then float32 rows — or float32 scales followed by int8 rows.
 */
export interface DecodedShard {
  data: VectorBlockData;
  rows: BlockRows;
  encoding: VectorEncoding;
}

const MAGIC = 0x53565849; // "IXVS" read as a little-endian u32
const VERSION = 1;
const HEADER_BYTES = 24;

/** Serialises one block and its rows' hashes and paths. */
export function encodeShard(data: VectorBlockData, rows: BlockRows, dimensions: number): Uint8Array {
  const meta = new TextEncoder().encode(JSON.stringify(rows));
  const metaEnd = HEADER_BYTES + padded(meta.length);
  const scaleBytes = data.scales === null ? 0 : data.rows * 4;
  const bytes = new Uint8Array(metaEnd + scaleBytes + data.values.byteLength);
  const header = new DataView(bytes.buffer);
  [MAGIC, VERSION, dimensions, data.rows, data.scales === null ? 0 : 1, meta.length].forEach((value, index) => header.setUint32(index * 4, value, true));
  bytes.set(meta, HEADER_BYTES);
  if (data.scales !== null) bytes.set(asBytes(data.scales), metaEnd);
  bytes.set(asBytes(data.values), metaEnd + scaleBytes);
  return bytes;
}

/** Reads a shard back; null when its structure does not hold together (never throws). */
export function decodeShard(bytes: Uint8Array, dimensions: number): DecodedShard | null {
  if (bytes.length < HEADER_BYTES) return null;
  const header = new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES);
  const [magic, version, storedDimensions, rowCount, encodingCode, metaLength] = [0, 1, 2, 3, 4, 5].map((index) => header.getUint32(index * 4, true));
  if (magic !== MAGIC || version !== VERSION || storedDimensions !== dimensions || (encodingCode !== 0 && encodingCode !== 1)) return null;
  const encoding: VectorEncoding = encodingCode === 0 ? 'float32' : 'int8';
  const metaEnd = HEADER_BYTES + padded(metaLength!);
  const scaleBytes = encoding === 'int8' ? rowCount! * 4 : 0;
  const valueBytes = rowCount! * dimensions * (encoding === 'int8' ? 1 : 4);
  if (bytes.length !== metaEnd + scaleBytes + valueBytes) return null;
  const rows = parseRows(bytes.subarray(HEADER_BYTES, HEADER_BYTES + metaLength!), rowCount!);
  if (rows === null) return null;
  const scales = encoding === 'int8' ? new Float32Array(copyOf(bytes, metaEnd, scaleBytes)) : null;
  const valuesBuffer = copyOf(bytes, metaEnd + scaleBytes, valueBytes);
  const values = encoding === 'int8' ? new Int8Array(valuesBuffer) : new Float32Array(valuesBuffer);
  return { data: { rows: rowCount!, values, scales }, rows, encoding };
}

function parseRows(metaBytes: Uint8Array, rowCount: number): BlockRows | null {
  try {
    const value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(metaBytes)) as Partial<BlockRows>;
    const valid = Array.isArray(value.hashes) && Array.isArray(value.paths) && value.hashes.length === rowCount && value.paths.length === rowCount;
    const typed = valid && value.hashes!.every((hash) => typeof hash === 'string') && value.paths!.every(isStringList);
    return typed ? (value as BlockRows) : null;
  } catch {
    return null;
  }
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

// A fresh, aligned buffer holding `length` bytes from `offset` (typed arrays need alignment).
function copyOf(bytes: Uint8Array, offset: number, length: number): ArrayBuffer {
  return bytes.slice(offset, offset + length).buffer;
}

function asBytes(array: Float32Array | Int8Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

function padded(length: number): number {
  return Math.ceil(length / 4) * 4;
}
