/**
 * Property ids as bases write them. `note.`, `file.` and `formula.` prefixes are kept; a bare
 * name is a note property, so `year` becomes `note.year` (Obsidian's editor writes the prefix).
 */
export function toPropertyId(id: string): string {
  const trimmed = id.trim();
  return /^(note|file|formula)\./.test(trimmed) ? trimmed : `note.${trimmed}`;
}

/** The namespace and name of a canonical id: `formula.total` → `['formula', 'total']`. */
export function splitPropertyId(id: string): ['note' | 'file' | 'formula', string] {
  const dot = id.indexOf('.');
  return [id.slice(0, dot) as 'note' | 'file' | 'formula', id.slice(dot + 1)];
}
