import type { ConfigLocation } from './client-targets';

/** What `install` or `uninstall` did (or, with `--dry-run`, would do) to one configuration file. */
export interface ConfigChange {
  target: ConfigLocation['target'];
  scope: ConfigLocation['scope'];
  label: string;
  path: string;
  /**
   * `created`: new file; `added`: entry added to an existing file; `replaced`: a different entry
   * replaced (`--force`); `unchanged`: the same entry was already there; `removed`: entry
   * removed; `absent`: there was no entry to remove.
   */
  action: 'created' | 'added' | 'replaced' | 'unchanged' | 'removed' | 'absent';
  dry_run: boolean;
  /** The copy made before the file was edited (null when nothing was edited, or it did not exist). */
  backup: string | null;
  /** The entry written or removed, its token shown as `<set>`. */
  entry: unknown;
}
