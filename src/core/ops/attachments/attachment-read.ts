import * as z from 'zod';
import { toAttachmentPath } from '../../attachments/attachment-path';
import { toBase64 } from '../../attachments/base64';
import { mimeTypeOf } from '../../attachments/file-types';
import { readAttachment } from '../../attachments/read-attachment';
import { readVaultConfig } from '../../config/vault-config';
import { renderFields } from '../render/render-fields';
import { defineOperation, READ_ONLY } from '../operation';
import { etagField } from '../schemas';
import { attachmentPathField } from './attachment-schemas';

/** `attachment_read`: an attachment's bytes, base64, up to `attachments.max_bytes`. */
export const attachmentRead = defineOperation({
  name: 'attachment_read',
  title: 'Read an attachment',
  description: 'Read an attachment (image, PDF…) as base64 with its MIME type and etag; file_too_large above attachments.max_bytes.',
  input: z.object({ path: attachmentPathField }),
  output: z.object({
    path: z.string().describe('Vault-relative path.'),
    mime: z.string().describe('MIME type, by extension.'),
    size: z.number().int().describe('Size in bytes.'),
    etag: etagField,
    data: z.string().describe('The bytes, base64.'),
  }),
  scope: 'vault:read',
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/attachments/{path}' },
  binary: { output: 'data', mime: 'mime' },
  cli: ['attachment', 'get'],
  async run(input, context) {
    const path = toAttachmentPath(input.path);
    const bytes = await readAttachment(context.host, path, (await readVaultConfig(context.storage)).attachments.max_bytes);
    return { path, mime: mimeTypeOf(path), size: bytes.length, etag: context.etag(bytes), data: toBase64(bytes) };
  },
  summarize: (output) => `Read ${output.path} (${output.mime}, ${output.size} bytes, etag ${output.etag}).`,
  render: (output, summary) => renderFields(output, summary, ['data']),
});
