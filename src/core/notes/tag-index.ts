import { compareCodeUnits } from '../ops/compare';
import { getAllTags } from '../metadata/tags';
import { extensionOf } from '../vault/paths';
import type { VaultHost } from '../vault/vault-host';

/** One tag of the vault with its counts. */
export interface TagEntry {
  /** Tag without `#`, in the first casing seen (notes visited in path order). */
  tag: string;
  /** Notes carrying exactly this tag. */
  count: number;
  /** Notes carrying this tag or one nested below it. */
  total: number;
  /** Times the tag is written across the vault (frontmatter and body). */
  occurrences: number;
}

/**
 * Every tag of the vault, case-insensitively merged, with parent tags of nested ones included
 * (`a/b` also yields `a`), sorted by tag.
 */
export function buildTagIndex(host: VaultHost): TagEntry[] {
  const entries = new Map<string, TagEntry & { notes: Set<string>; nested: Set<string> }>();
  const entry = (name: string) => {
    const key = name.toLowerCase();
    let found = entries.get(key);
    if (found === undefined) entries.set(key, (found = { tag: name, count: 0, total: 0, occurrences: 0, notes: new Set(), nested: new Set() }));
    return found;
  };
  const notes = host.listFiles().map((file) => file.path).filter((path) => extensionOf(path) === 'md').sort();
  for (const path of notes) {
    for (const written of getAllTags(host.getMetadata(path) ?? {}) ?? []) {
      const name = written.replace(/^#/, '');
      const own = entry(name);
      own.occurrences += 1;
      own.notes.add(path);
      ancestorsOf(name).forEach((ancestor) => entry(ancestor).nested.add(path));
      own.nested.add(path);
    }
  }
  return [...entries.values()]
    .map(({ notes: exact, nested, ...rest }) => ({ ...rest, count: exact.size, total: nested.size }))
    .sort((a, b) => compareCodeUnits(a.tag.toLowerCase(), b.tag.toLowerCase()));
}

function ancestorsOf(tag: string): string[] {
  const parts = tag.split('/');
  return parts.slice(1).map((_part, index) => parts.slice(0, index + 1).join('/'));
}
