/** Obsidian's `FileStats`. */
export interface FileStats {
  ctime: number;
  mtime: number;
  size: number;
}

/** Obsidian's `TAbstractFile`: a file or folder the vault shows; the same object lives on across renames. */
export abstract class TAbstractFile {
  path = '';
  name = '';
  parent: TFolder | null = null;

  constructor(
    readonly vault: unknown,
    path: string,
  ) {
    this.setPath(path);
  }

  /** Re-keys the entry (Obsidian mutates the object on rename). */
  setPath(path: string): void {
    this.path = path;
    this.name = path.slice(path.lastIndexOf('/') + 1);
  }
}

/**
 * Obsidian's `TFile`. ASSUMED (the typings have no doc text): the name splits at its last dot, and
 * a name whose only dot leads (`.env`) has no extension.
 */
export class TFile extends TAbstractFile {
  stat: FileStats = { ctime: 0, mtime: 0, size: 0 };
  basename = '';
  extension = '';

  constructor(vault: unknown, path: string) {
    super(vault, path);
    // The base constructor ran before this class's fields were set: name the file again.
    this.setPath(path);
  }

  override setPath(path: string): void {
    super.setPath(path);
    const dot = this.name.lastIndexOf('.');
    this.basename = dot > 0 ? this.name.slice(0, dot) : this.name;
    this.extension = dot > 0 ? this.name.slice(dot + 1) : '';
  }
}

/** Obsidian's `TFolder`. */
export class TFolder extends TAbstractFile {
  children: TAbstractFile[] = [];

  isRoot(): boolean {
    return this.path === '/';
  }
}

/**
 * Obsidian's `normalizePath`. ASSUMED (the typings have no doc text): runs of `/` and `\` become
 * one `/`, none at the ends, `/` for an empty path, no-break spaces (U+00A0, U+202F) become
 * spaces, NFC; `.` and `..` segments stay.
 */
export function normalizePath(path: string): string {
  const collapsed = path.replace(/[\\/]+/g, '/').replace(/^\/+|\/+$/g, '');
  return (collapsed === '' ? '/' : collapsed).replace(/[\u00a0\u202f]/g, ' ').normalize('NFC');
}
