import { compileGlob } from '../notes/glob';
import { IndxError } from '../errors';

/** The vault configuration's path rules (`access.excluded_paths`, `access.read_only_paths`). */
export interface PathRules {
  excluded_paths: readonly string[];
  read_only_paths: readonly string[];
}

/** What the rules say about one vault path. */
export interface PathPolicy {
  /** Never served: not listed, read, searched, linked to or written. */
  isExcluded(path: string): boolean;
  /** Served but never changed, created, moved or deleted. */
  isReadOnly(path: string): boolean;
  /** The rules it was made from (to tell whether they changed). */
  readonly rules: PathRules;
}

/**
 * Compiles path rules. A glob covers a path when it matches the path or any folder above it, so
 * `Private` and `Private/**` both cover everything in `Private/`; a path that is excluded is also
 * treated as read-only.
 */
export function createPathPolicy(rules: PathRules): PathPolicy {
  const excluded = compileAll(rules.excluded_paths);
  const readOnly = compileAll(rules.read_only_paths);
  const isExcluded = (path: string) => coversPathOrAncestor(excluded, path);
  return { rules, isExcluded, isReadOnly: (path) => isExcluded(path) || coversPathOrAncestor(readOnly, path) };
}

/** The policy of a vault with no path rules. */
export const OPEN_POLICY: PathPolicy = createPathPolicy({ excluded_paths: [], read_only_paths: [] });

/** True when two rule sets are the same. */
export function sameRules(left: PathRules, right: PathRules): boolean {
  return JSON.stringify([left.excluded_paths, left.read_only_paths]) === JSON.stringify([right.excluded_paths, right.read_only_paths]);
}

/** The error for a write to a read-only path. */
export function readOnlyPath(path: string): IndxError {
  const message = `"${path}" is read-only for indx (access.read_only_paths in the vault configuration), so it cannot be changed, created, moved or deleted.`;
  return new IndxError('path_forbidden', message, { path, rule: 'read_only_paths' });
}

/** The error for a write to an excluded path. */
export function excludedPath(path: string): IndxError {
  const message = `"${path}" is excluded from indx (access.excluded_paths in the vault configuration): nothing there is served or written.`;
  return new IndxError('path_forbidden', message, { path, rule: 'excluded_paths' });
}

/**
 * Compiles path-rule globs: blank entries skipped, each trimmed, a trailing `/` dropped (so
 * `Private/` names the folder, which {@link coversPathOrAncestor} then covers).
 */
export function compileAll(globs: readonly string[]): ((path: string) => boolean)[] {
  return globs.filter((glob) => glob.trim() !== '').map((glob) => compileGlob(glob.trim().replace(/\/+$/, '')));
}

/** Whether one of `matchers` matches `path` or a folder above it (a glob naming a folder covers what is in it). */
export function coversPathOrAncestor(matchers: readonly ((path: string) => boolean)[], path: string): boolean {
  if (matchers.length === 0) return false;
  for (let end = path.indexOf('/'); end !== -1; end = path.indexOf('/', end + 1)) {
    const folder = path.slice(0, end);
    if (matchers.some((matches) => matches(folder))) return true;
  }
  return matchers.some((matches) => matches(path));
}
