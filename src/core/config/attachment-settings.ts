import * as z from 'zod';
import { OBSIDIAN_ATTACHMENT_EXTENSIONS } from '../attachments/file-types';

/** Default of `attachments.max_bytes`: 10 MiB. */
export const DEFAULT_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/**
 * The largest `attachments.max_bytes` accepted: 64 MiB. HTTP bodies carrying an attachment's raw
 * bytes are read up to this size, before the configured limit is checked.
 */
export const MAX_ATTACHMENT_BYTES = 64 * 1024 * 1024;

/** The `attachments` block of the vault configuration. */
export const attachmentSettingsSchema = z.object({
  max_bytes: z
    .number()
    .int()
    .min(1)
    .max(MAX_ATTACHMENT_BYTES)
    .default(DEFAULT_ATTACHMENT_BYTES)
    .describe('Largest attachment read or written, in bytes (default 10 MiB, at most 64 MiB). Base64 in a JSON body or MCP call is a third larger than the file; JSON bodies are taken up to 16 MiB.'),
  allowed_extensions: z
    .array(z.string().regex(/^[a-z0-9]{1,16}$/, 'an extension is lower-case letters and digits, without the dot'))
    .default([...OBSIDIAN_ATTACHMENT_EXTENSIONS])
    .describe('Extensions attachment_write may create or replace (lower case, no dot; compared case-insensitively). Default: the formats Obsidian accepts (images, audio, video, PDF). md, canvas and base are never written as attachments.'),
});

/** The attachment settings in force. */
export type AttachmentSettings = z.output<typeof attachmentSettingsSchema>;
