import { normalizeTag } from '../../tags/tag-name';

/** The frontmatter `tags` value an apply writes, and what it adds and removes. */
export interface TagWrite {
  value: unknown[];
  tags_added: string[];
  tags_removed: string[];
}

/** How suggested tags meet the note's frontmatter tags. */
export interface TagWriteRequest {
  suggested: readonly string[];
  mode: 'merge' | 'replace';
  /** Under replace, only tags under this namespace are replaced; the others stay. */
  namespace: string | null;
}

/**
 * Computes the new frontmatter `tags` list of a note (seed 002 §5.5) from its frontmatter as it
 * is now. merge: the existing entries, as written, then each suggestion the note lacks
 * (compared case-insensitively, a leading # ignored). replace: the suggestions (an existing
 * entry's spelling kept when it matches one), after the existing entries outside the namespace
 * when one is given. Returns null when nothing would be added or removed, so the note is left
 * byte-identical (a scalar `tags: a` is not rewritten into a list for nothing).
 */
export function computeTagWrite(frontmatter: Record<string, unknown> | null, request: TagWriteRequest): TagWrite | null {
  const existing = existingEntries(frontmatter);
  const write = request.mode === 'merge' ? merge(existing, request.suggested) : replace(existing, request);
  return write.tags_added.length === 0 && write.tags_removed.length === 0 ? null : write;
}

function merge(existing: readonly unknown[], suggested: readonly string[]): TagWrite {
  const present = new Set(existing.map(keyOf));
  const added = unique(suggested).filter((tag) => !present.has(keyOf(tag)));
  return { value: [...existing, ...added], tags_added: added, tags_removed: [] };
}

function replace(existing: readonly unknown[], request: TagWriteRequest): TagWrite {
  const inScope = (entry: unknown) => request.namespace === null || (keyOf(entry)?.startsWith(`${request.namespace.toLowerCase()}/`) ?? false);
  const kept = existing.filter((entry) => !inScope(entry));
  const replaced = existing.filter(inScope);
  const spelling = new Map(replaced.map((entry) => [keyOf(entry), entry]));
  const suggested = unique(request.suggested);
  const wanted = new Set(suggested.map(keyOf));
  return {
    value: [...kept, ...suggested.map((tag) => spelling.get(keyOf(tag)) ?? tag)],
    tags_added: suggested.filter((tag) => !spelling.has(keyOf(tag))),
    tags_removed: replaced.flatMap((entry) => (keyOf(entry) === null || wanted.has(keyOf(entry)) ? [] : [normalizeTag(String(entry))])),
  };
}

function existingEntries(frontmatter: Record<string, unknown> | null): unknown[] {
  const value = frontmatter?.tags;
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function keyOf(entry: unknown): string | null {
  return typeof entry === 'string' || typeof entry === 'number' ? normalizeTag(String(entry)).toLowerCase() : null;
}

function unique(tags: readonly string[]): string[] {
  return tags.filter((tag, index) => tags.findIndex((other) => keyOf(other) === keyOf(tag)) === index);
}
