import { IndxError } from '../errors';

/**
 * Vault path rules. Every path that enters the engine goes through `toVaultPath`, so traversal
 * is impossible by construction: the result is a vault-relative POSIX path with no `..`, no
 * absolute prefix, no NUL or control characters and no backslashes. Hosts still check symlinks
 * at the file-system edge.
 */

/**
 * Folders the API never writes and never serves, named in errors. Obsidian's config folder is
 * covered by the hidden-name rule below whatever the user named it (`Vault#configDir`).
 */
export const PROTECTED_FOLDERS: readonly string[] = ['.trash', '.git', '.indx'];
const WINDOWS_DRIVE = /^[a-zA-Z]:/;

/**
 * Checks and normalises a caller-supplied path: NFC, NBSP to space, duplicate and trailing
 * slashes and `.` segments removed. Throws `invalid_path` for what can never be a vault path and
 * `path_forbidden` for hidden or protected locations.
 */
export function toVaultPath(input: unknown, options: { allowRoot?: boolean } = {}): string {
  if (typeof input !== 'string') throw invalidPath(String(input), 'a path must be a string');
  rejectMalformed(input);
  const segments = input.normalize('NFC').replace(/\u00a0/g, ' ').split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw invalidPath(input, '".." segments are not allowed');
  const path = segments.join('/');
  if (path === '' && options.allowRoot !== true) throw invalidPath(input, 'the path is empty');
  rejectOverlong(input, segments);
  rejectHidden(input, segments);
  return path;
}

/** Longest name a file system takes (NAME_MAX on Linux and macOS, in UTF-8 bytes; 255 UTF-16 units on Windows). */
const MAX_NAME_BYTES = 255;
/** Longest vault path taken: no file system can hold a longer one below a vault folder. */
const MAX_PATH_BYTES = 4096;

/** A name or path no file system can hold is `invalid_path` here, not a file-system error later (issue 14). */
function rejectOverlong(input: string, segments: readonly string[]): void {
  const shown = input.length > 80 ? `${input.slice(0, 80)}…` : input;
  const long = segments.find((segment) => utf8Length(segment) > MAX_NAME_BYTES);
  if (long !== undefined) throw invalidPath(shown, `a file or folder name may be at most ${MAX_NAME_BYTES} bytes (UTF-8); this one is ${utf8Length(long)}`);
  const bytes = utf8Length(segments.join('/'));
  if (bytes > MAX_PATH_BYTES) throw invalidPath(shown, `a path may be at most ${MAX_PATH_BYTES} bytes (UTF-8); this one is ${bytes}`);
}

const utf8 = new TextEncoder();

function utf8Length(text: string): number {
  return utf8.encode(text).length;
}

function rejectMalformed(input: string): void {
  if (input.trim() === '') throw invalidPath(input, 'the path is empty');
  if (hasControlCharacter(input)) throw invalidPath(input, 'control characters (such as NUL) are not allowed');
  // Security: a backslash is a separator on Windows, so `a\..\..\x` would escape the vault there.
  if (input.includes('\\')) throw invalidPath(input, 'backslashes are not allowed; use "/" between folders');
  if (input.startsWith('/') || WINDOWS_DRIVE.test(input)) throw invalidPath(input, 'absolute paths are not allowed');
}

// Security: control characters (NUL included) can truncate paths in native calls or hide text.
// C1 controls (U+0080–U+009F, e.g. U+0085 NEXT LINE) count too: some tools break lines at them.
function hasControlCharacter(input: string): boolean {
  for (let index = 0; index < input.length; index += 1) {
    const code = input.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

function rejectHidden(input: string, segments: string[]): void {
  const first = segments[0] ?? '';
  if (PROTECTED_FOLDERS.includes(first)) {
    throw new IndxError('path_forbidden', `"${input}" is inside ${first}/, which indx never reads or writes through the API.`, { path: input, folder: first });
  }
  const hidden = segments.find((segment) => segment.startsWith('.'));
  if (hidden !== undefined) {
    throw new IndxError('path_forbidden', `"${input}" contains the hidden name "${hidden}"; hidden files and folders are not part of the vault.`, { path: input });
  }
}

function invalidPath(input: string, reason: string): IndxError {
  return new IndxError('invalid_path', `Invalid vault path "${input}": ${reason}. Pass a vault-relative path such as "Projects/Plan.md".`, { path: input, reason });
}

/** Like `toVaultPath`, and appends `.md` when the path does not already end with it. */
export function toNotePath(input: unknown): string {
  const path = toVaultPath(input);
  if (path.endsWith('.md')) return path;
  const note = `${path}.md`;
  rejectOverlong(String(input), note.split('/'));
  return note;
}

// Obsidian's docs: these break links ("# | ^ : %% [[ ]]"); Obsidian refuses them in file names.
const UNLINKABLE = /[#|^:[\]]|%%/;

// Security: invisible characters and bidirectional overrides make a name read as another one
// (U+202E shows "evil\u202Egpj.md" as "evilgpj.md" reversed; U+200B hides a second "Plan.md").
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

// Names Windows cannot create (device names, also with an extension; a trailing dot or space):
// a vault synced to a Windows machine would lose such a note.
const WINDOWS_RESERVED = /^(?:con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])(?:\..*)?$|[. ]$/i;

/**
 * Throws `invalid_path` when a new file or folder name (a note written for the first time, or a
 * move's target) contains characters that break links (`# | ^ : [ ] %%`, which Obsidian refuses
 * in names, and no link could point at them), invisible or text-direction characters, or is a
 * name Windows reserves (`CON`, `nul.md`, `COM1`, or one ending with a dot or space). Existing
 * files with such names stay readable.
 */
export function assertLinkableName(path: string): void {
  const segments = path.split('/');
  const bad = segments.find((segment) => UNLINKABLE.test(segment));
  if (bad !== undefined) throw invalidPath(path, `"${bad}" contains a character that breaks links (# | ^ : [ ] %%); Obsidian does not allow these in names`);
  const invisible = segments.find((segment) => INVISIBLE.test(segment));
  if (invisible !== undefined) throw invalidPath(path, `"${JSON.stringify(invisible).slice(1, -1)}" contains an invisible or text-direction character (U+${(INVISIBLE.exec(invisible)?.[0].charCodeAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}) that would make the name look like another`);
  const reserved = segments.find((segment) => WINDOWS_RESERVED.test(segment));
  if (reserved !== undefined) throw invalidPath(path, `"${reserved}" is a name Windows reserves (CON, PRN, AUX, NUL, COM1–9, LPT1–9, or ending with a dot or space); the note would be lost on a Windows machine`);
}

/** The folder part of a vault path ('' for the root). */
export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** The file name without folder and without its last extension. */
export function basenameOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/**
 * The extension without the dot, case kept ('' when there is none). Obsidian treats only `md`
 * exactly as markdown (`Note.MD` is an attachment), so comparisons are case-sensitive.
 */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1) : '';
}
