/**
 * The port for the engine's own state (search index, tokens, caches, audit log), kept per vault
 * in a folder both hosts share: `<vault>/<configDir>/plugins/indx/state/` when the plugin is
 * installed, else `<vault>/.indx/`. Names are relative POSIX paths inside that folder.
 */
export interface Storage {
  /** Where the state lives, for display. */
  readonly location: string;
  /** The bytes of an entry, or null when it does not exist. */
  read(name: string): Promise<Uint8Array | null>;
  /** Replaces an entry atomically. */
  write(name: string, data: Uint8Array | string): Promise<void>;
  /** Appends a line to an entry (for logs). */
  appendLine(name: string, line: string): Promise<void>;
  /** Removes an entry; no error when it is missing. */
  remove(name: string): Promise<void>;
  /** Entry names under a prefix folder. */
  list(prefix: string): Promise<string[]>;
  /** Removes what a crash left behind (temporary files of atomic writes); resolves with how many. */
  sweep?(): Promise<number>;
}
