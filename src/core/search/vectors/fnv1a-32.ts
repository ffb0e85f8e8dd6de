/**
 * FNV-1a 32-bit hash of some bytes, as 8 hex digits: a cheap checksum that detects a torn or
 * altered shard (not a defence against deliberate tampering).
 */
export function fnv1a32(bytes: Uint8Array): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < bytes.length; index += 1) hash = Math.imul(hash ^ bytes[index]!, 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
