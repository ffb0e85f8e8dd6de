// Reads the files of a .tgz (as `npm pack` writes it) without a dependency: gunzip, then the
// 512-byte ustar headers. Enough to check what a release tarball holds; not a general tar reader.
import { gunzipSync } from 'node:zlib';

const BLOCK = 512;

/** The NUL-terminated text field of a header at [start, start + length). */
function field(header, start, length) {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return bytes.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** The entry's path: ustar keeps long names as prefix + "/" + name. */
function entryName(header) {
  const prefix = field(header, 345, 155);
  const name = field(header, 0, 100);
  return prefix === '' ? name : `${prefix}/${name}`;
}

/** Every regular file of the gzipped tar `archive`: `{ name, data }` in archive order. */
export function readTarEntries(archive) {
  const tar = gunzipSync(archive);
  const entries = [];
  for (let offset = 0; offset + BLOCK <= tar.length; ) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] || 48);
    const start = offset + BLOCK;
    if (type === '0') entries.push({ name: entryName(header), data: tar.subarray(start, start + size) });
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}
