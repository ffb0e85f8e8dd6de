import * as z from 'zod';

/** The path of an attachment, extension included. */
export const attachmentPathField = z.string().min(1).describe('Vault path with extension, e.g. "assets/pic.png".');
