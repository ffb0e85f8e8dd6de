import { IndxError } from '../errors';

/** The `file_too_large` error: a file bigger than `attachments.max_bytes` is not read whole. */
export function fileTooLarge(path: string, size: number, limit: number): IndxError {
  const message = `"${path}" is ${size} bytes, more than the ${limit} bytes attachments.max_bytes allows reading at once. An admin can raise it with vault_config_set (at most 64 MiB).`;
  return new IndxError('file_too_large', message, { path, size, limit });
}

/** The `payload_too_large` error: an upload bigger than `attachments.max_bytes`. */
export function uploadTooLarge(path: string, size: number, limit: number): IndxError {
  const message = `The upload to "${path}" is ${size} bytes, more than the ${limit} bytes attachments.max_bytes allows. Send a smaller file, or an admin can raise the limit with vault_config_set (at most 64 MiB).`;
  return new IndxError('payload_too_large', message, { path, size, limit });
}
