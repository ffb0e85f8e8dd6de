import * as z from 'zod';
import { uploadTooLarge } from '../../attachments/attachment-limits';
import { toAttachmentPath } from '../../attachments/attachment-path';
import { fromBase64 } from '../../attachments/base64';
import { mimeTypeOf } from '../../attachments/file-types';
import type { AttachmentSettings } from '../../config/attachment-settings';
import { readVaultConfig } from '../../config/vault-config';
import { IndxError } from '../../errors';
import { checkEtag, recordMutation } from '../../vault/mutate-file';
import { assertLinkableName, extensionOf } from '../../vault/paths';
import { DESTRUCTIVE, defineOperation } from '../operation';
import type { OperationContext } from '../operation-context';
import { etagField, ifMatchField } from '../schemas';
import { attachmentPathField } from './attachment-schemas';

/** `attachment_write`: uploads an attachment's bytes, atomically, creating or replacing the file. */
export const attachmentWrite = defineOperation({
  name: 'attachment_write',
  title: 'Upload an attachment',
  description: 'Create or replace an attachment (image, PDF…) from base64; if_match or if_not_exists avoid overwriting. Extensions and size: the attachments config.',
  input: z.object({
    path: attachmentPathField,
    data: z.string().describe('The bytes, base64.'),
    if_match: ifMatchField,
    if_not_exists: z.boolean().default(false).describe('Fail with already_exists if the file exists.'),
  }),
  output: z.object({
    path: z.string().describe('Vault-relative path.'),
    mime: z.string().describe('MIME type, by extension.'),
    size: z.number().int().describe('Size in bytes.'),
    etag: etagField,
    created: z.boolean().describe('True when the file was created by this call.'),
  }),
  scope: 'vault:write',
  annotations: DESTRUCTIVE,
  http: { method: 'PUT', path: '/v1/attachments/{path}', etagFrom: 'attachment_read' },
  binary: { input: 'data' },
  cli: ['attachment', 'put'],
  async run(input, context) {
    const path = toAttachmentPath(input.path);
    const settings = (await readVaultConfig(context.storage)).attachments;
    requireAllowedExtension(path, settings);
    const bytes = fromBase64(input.data);
    if (bytes === null) throw new IndxError('invalid_input', 'data is not base64. Encode the file\'s bytes with standard base64 (RFC 4648).', { field: 'data' });
    if (bytes.length > settings.max_bytes) throw uploadTooLarge(path, bytes.length, settings.max_bytes);
    const etagBefore = await write(context, path, bytes, input);
    const etag = context.etag(bytes);
    recordMutation(context, 'attachment_write', path, etagBefore, etag);
    return { path, mime: mimeTypeOf(path), size: bytes.length, etag, created: etagBefore === null };
  },
  summarize: (output) => `${output.created ? 'Created' : 'Wrote'} ${output.path} (${output.size} bytes, etag ${output.etag}).`,
});

/** Writes `bytes` with the preconditions checked under the host's lock; resolves with the ETag the file had, null when it was created. */
async function write(context: OperationContext, path: string, bytes: Uint8Array, input: { if_match?: string; if_not_exists: boolean }): Promise<string | null> {
  let etagBefore: string | null = null;
  if (context.host.stat(path) === null) assertLinkableName(path);
  await context.host.writeBinary(path, bytes, (current) => {
    if (current === null) {
      if (input.if_match !== undefined) throw new IndxError('not_found', `"${path}" does not exist, so if_match cannot match. Omit if_match to create it.`, { path });
      return;
    }
    if (input.if_not_exists) throw new IndxError('already_exists', `"${path}" already exists. Pass if_match with its etag (attachment_read) to replace it.`, { path });
    etagBefore = context.etag(current);
    checkEtag(path, input.if_match, etagBefore);
  });
  return etagBefore;
}

function requireAllowedExtension(path: string, settings: AttachmentSettings): void {
  const extension = extensionOf(path).toLowerCase();
  if (settings.allowed_extensions.includes(extension)) return;
  const message = `".${extension || '(none)'}" files may not be uploaded: attachments.allowed_extensions lists ${settings.allowed_extensions.join(', ')}. An admin can change the list with vault_config_set.`;
  throw new IndxError('path_forbidden', message, { path, extension, rule: 'attachments.allowed_extensions' });
}
