import { IndxError } from '../errors';
import { extensionOf, toVaultPath } from '../vault/paths';
import { isAttachmentPath } from './file-types';

/** The operations that own the files attachment operations refuse, by extension. */
const TEXT_FILE_OPERATIONS: Record<string, string> = { md: 'note_read / note_write', canvas: 'canvas_read / canvas_write', base: 'base_query' };

/**
 * Checks a caller's attachment path (see `toVaultPath`) and refuses a note, canvas or base with
 * `invalid_input` naming the operations that handle it.
 */
export function toAttachmentPath(input: unknown): string {
  const path = toVaultPath(input);
  if (isAttachmentPath(path)) return path;
  const extension = extensionOf(path);
  throw new IndxError('invalid_input', `"${path}" is a .${extension} file, not an attachment; use ${TEXT_FILE_OPERATIONS[extension] ?? 'the note operations'} for it.`, { path });
}
