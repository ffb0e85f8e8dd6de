import { getLinkpath } from './linktext';
import { fileNameOf, folderOf, joinPath, resolveRelativePath } from './vault-path';

/**
 * Resolves link paths to vault files like Obsidian's `metadataCache.getFirstLinkpathDest`,
 * over files of any extension (notes, attachments, canvases, bases). Matching ignores case and
 * `.md` may be left out. Order of attempts:
 * 1. an empty link path (`[[#heading]]`) is the source note itself;
 * 2. `./` or `../` paths resolve against the source note's folder, and only there;
 * 3. the path as a vault path (a leading `/` is dropped);
 * 4. the path relative to the source note's folder;
 * 5. every file whose name matches and whose path ends with the link path (`Folder/Note`):
 *    the shortest path wins, ties go to the path that sorts first by UTF-16 code units.
 * Exact-case matches win over case-insensitive ones in steps 3 and 4. Lookups use maps keyed by
 * lower-case path and lower-case file name, so they cost no scan of the vault.
 */
export class LinkResolver {
  private readonly paths = new Set<string>();
  private readonly byLowerPath = new Map<string, Set<string>>();
  private readonly byLowerName = new Map<string, Set<string>>();

  /** Starts with the given vault paths. */
  constructor(paths: Iterable<string> = []) {
    for (const path of paths) this.add(path);
  }

  /** Registers a file (vault-relative POSIX path). */
  add(path: string): void {
    if (this.paths.has(path)) return;
    this.paths.add(path);
    addTo(this.byLowerPath, path.toLowerCase(), path);
    addTo(this.byLowerName, fileNameOf(path).toLowerCase(), path);
  }

  /** Forgets a file. */
  remove(path: string): void {
    if (!this.paths.delete(path)) return;
    removeFrom(this.byLowerPath, path.toLowerCase(), path);
    removeFrom(this.byLowerName, fileNameOf(path).toLowerCase(), path);
  }

  /** True when the exact path is registered. */
  has(path: string): boolean {
    return this.paths.has(path);
  }

  /** The file a link path points to from `sourcePath`, or null. A `#subpath` is ignored. */
  resolve(linkpath: string, sourcePath: string): string | null {
    const target = getLinkpath(linkpath);
    if (target === '') return sourcePath;
    const folder = folderOf(sourcePath);
    if (target.startsWith('./') || target.startsWith('../')) {
      const relative = resolveRelativePath(folder, target);
      return relative === null ? null : this.findPath(relative);
    }
    const absolute = target.startsWith('/') ? target.replace(/^\/+/, '') : target;
    return this.findPath(absolute) ?? (folder === '' ? null : this.findPath(joinPath(folder, absolute))) ?? this.findByName(absolute);
  }

  /** A file at exactly this path, with or without `.md`, exact case first. */
  private findPath(path: string): string | null {
    for (const candidate of [path, `${path}.md`]) {
      if (this.paths.has(candidate)) return candidate;
    }
    for (const candidate of [path, `${path}.md`]) {
      const matches = this.byLowerPath.get(candidate.toLowerCase());
      if (matches !== undefined && matches.size > 0) return pickShortest(matches);
    }
    return null;
  }

  /** The shortest path whose name matches and which ends with the link path. */
  private findByName(linkpath: string): string | null {
    const lower = linkpath.toLowerCase();
    const name = fileNameOf(lower);
    const suffixes = [lower, `${lower}.md`];
    const matches: string[] = [];
    for (const key of [name, `${name}.md`]) {
      for (const path of this.byLowerName.get(key) ?? []) {
        const lowerPath = path.toLowerCase();
        if (suffixes.some((suffix) => lowerPath === suffix || lowerPath.endsWith(`/${suffix}`))) matches.push(path);
      }
    }
    return matches.length === 0 ? null : pickShortest(matches);
  }
}

/** The shortest path; ties go to the one that sorts first. */
function pickShortest(paths: Iterable<string>): string | null {
  let best: string | null = null;
  for (const path of paths) {
    if (best === null || path.length < best.length || (path.length === best.length && path < best)) best = path;
  }
  return best;
}

/** Adds `value` to the set under `key`. */
function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set === undefined) map.set(key, new Set([value]));
  else set.add(value);
}

/** Removes `value` from the set under `key`, dropping empty sets. */
function removeFrom(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set === undefined) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
