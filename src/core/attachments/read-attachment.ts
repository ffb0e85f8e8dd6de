import { IndxError } from '../errors';
import type { VaultHost } from '../vault/vault-host';
import { fileTooLarge } from './attachment-limits';

/**
 * The bytes of the file at `path` when it is at most `limit` bytes: `not_found` when there is no
 * file, `file_too_large` when it is bigger (checked on its size before reading, and again on what
 * was read, in case it grew meanwhile).
 */
export async function readAttachment(host: VaultHost, path: string, limit: number): Promise<Uint8Array> {
  const stat = host.stat(path);
  if (stat === null) throw new IndxError('not_found', `No file at "${path}". Check the path with attachment_list.`, { path });
  if (stat.size > limit) throw fileTooLarge(path, stat.size, limit);
  const bytes = await host.readBinary(path);
  if (bytes.length > limit) throw fileTooLarge(path, bytes.length, limit);
  return bytes;
}
