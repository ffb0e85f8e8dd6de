import type { BaseDefinition } from './base-definition';
import { splitPropertyId } from './property-id';

/**
 * Obsidian's default labels for file properties (as its `base:query` prints them); any other
 * id shows its name without the namespace (`note.year` → `year`).
 */
const FILE_LABELS: Record<string, string> = {
  'file.name': 'file name',
  'file.basename': 'file base name',
  'file.path': 'file path',
  'file.folder': 'folder',
  'file.ext': 'file extension',
  'file.size': 'file size',
  'file.ctime': 'created time',
  'file.mtime': 'modified time',
  'file.tags': 'file tags',
  'file.links': 'file links',
  'file.embeds': 'file embeds',
  'file.backlinks': 'file backlinks',
  'file.properties': 'properties',
  'file.file': 'file',
};

/**
 * The header of a column: `properties.<id>.displayName` for the prefixed id, else for the bare
 * name of a note property (the syntax page's own example writes `status:`), else the default
 * label. Display names never change rows, so the lenient match is safe.
 */
export function columnName(base: BaseDefinition, id: string): string {
  const [namespace, name] = splitPropertyId(id);
  const bare = namespace === 'note' ? base.displayNames.get(name) : undefined;
  return base.displayNames.get(id) ?? bare ?? FILE_LABELS[id] ?? name;
}
