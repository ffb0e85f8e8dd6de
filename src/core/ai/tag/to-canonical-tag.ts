import { normalizeTag } from '../../tags/tag-name';

/**
 * A proposed tag in the vault's form: outer space and a leading `#` stripped, then cased as the
 * vault already writes it (Obsidian treats `#Tag` and `#tag` as one tag and shows the first
 * casing seen), else lower-case. For a nested tag the longest existing parent keeps its casing
 * (`project/new` under an existing `Project` gives `Project/new`).
 */
export function toCanonicalTag(proposed: string, known: ReadonlyMap<string, string>): string {
  const lower = normalizeTag(proposed).toLowerCase();
  const parts = lower.split('/');
  for (let length = parts.length; length > 0; length -= 1) {
    const prefix = parts.slice(0, length).join('/');
    const canonical = known.get(prefix);
    if (canonical !== undefined) return canonical + lower.slice(prefix.length);
  }
  return lower;
}
