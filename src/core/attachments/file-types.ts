import { extensionOf } from '../vault/paths';

/**
 * What kind of file a vault path is, by its extension, and its MIME type. Notes, canvases and
 * bases are read and written as text by their own operations; every other file is an
 * attachment, read and written as bytes. As in Obsidian, the text extensions are compared
 * case-sensitively (`Note.MD` is an attachment); MIME types are looked up in lower case.
 */

/** The MIME types of the text files indx serves (notes, canvases, bases). */
const TEXT_TYPES: ReadonlyMap<string, string> = new Map([
  ['md', 'text/markdown'],
  ['canvas', 'application/json'],
  ['base', 'text/yaml'],
]);

/**
 * Obsidian's accepted attachment formats (help.obsidian.md, "Accepted file formats": images,
 * audio, video and PDF) with their MIME types. `webm` is audio and video there; it is served as
 * video, as browsers label it.
 */
const ATTACHMENT_TYPES: ReadonlyMap<string, string> = new Map([
  ['avif', 'image/avif'],
  ['bmp', 'image/bmp'],
  ['gif', 'image/gif'],
  ['jpeg', 'image/jpeg'],
  ['jpg', 'image/jpeg'],
  ['png', 'image/png'],
  ['svg', 'image/svg+xml'],
  ['webp', 'image/webp'],
  ['flac', 'audio/flac'],
  ['m4a', 'audio/mp4'],
  ['mp3', 'audio/mpeg'],
  ['ogg', 'audio/ogg'],
  ['wav', 'audio/wav'],
  ['3gp', 'video/3gpp'],
  ['webm', 'video/webm'],
  ['mkv', 'video/x-matroska'],
  ['mov', 'video/quicktime'],
  ['mp4', 'video/mp4'],
  ['ogv', 'video/ogg'],
  ['pdf', 'application/pdf'],
]);

/** The type of a file whose extension says nothing known. */
const UNKNOWN_TYPE = 'application/octet-stream';

/** The extensions Obsidian accepts as attachments, lower case: the default of `attachments.allowed_extensions`. */
export const OBSIDIAN_ATTACHMENT_EXTENSIONS: readonly string[] = [...ATTACHMENT_TYPES.keys()];

/** True for a file read and written as bytes: anything but a note (`.md`), canvas or base. */
export function isAttachmentPath(path: string): boolean {
  return !TEXT_TYPES.has(extensionOf(path));
}

/** The MIME type of a vault file: by extension, `application/octet-stream` when unknown. */
export function mimeTypeOf(path: string): string {
  const extension = extensionOf(path);
  return TEXT_TYPES.get(extension) ?? ATTACHMENT_TYPES.get(extension.toLowerCase()) ?? UNKNOWN_TYPE;
}
