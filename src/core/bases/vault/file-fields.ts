import type { Reference } from '../../metadata/types';
import { basenameOf, extensionOf, parentOf } from '../../vault/paths';
import { dateValue, fileValue, listValue, NULL_VALUE, numberValue, objectValue, stringValue, type BaseValue } from '../values/base-value';
import { linkToFile, makeLink } from './make-link';
import type { VaultSnapshot } from './vault-snapshot';

type FieldReader = (snapshot: VaultSnapshot, path: string) => BaseValue;

/**
 * The `file.*` properties of the Bases syntax page (plus `file.basename` from the functions
 * page). Notes: `file.name` is the name Obsidian shows — without `.md` for notes, with the
 * extension for other files; `file.folder` is `/` at the vault root; `file.tags` holds tag
 * names without `#`; `file.links` are the note's links with frontmatter links first, embeds
 * excluded (they are `file.embeds`); `file.backlinks` are links to the files linking here.
 */
const FIELDS: Record<string, FieldReader> = {
  name: (_snapshot, path) => stringValue(displayName(path)),
  basename: (_snapshot, path) => stringValue(basenameOf(path)),
  path: (_snapshot, path) => stringValue(path),
  folder: (_snapshot, path) => stringValue(parentOf(path) === '' ? '/' : parentOf(path)),
  ext: (_snapshot, path) => stringValue(extensionOf(path)),
  size: (snapshot, path) => statNumber(snapshot, path, 'size'),
  ctime: (snapshot, path) => statDate(snapshot, path, 'ctime'),
  mtime: (snapshot, path) => statDate(snapshot, path, 'mtime'),
  tags: (snapshot, path) => listValue(snapshot.tags(path).map(stringValue)),
  links: (snapshot, path) => referenceLinks(snapshot, path, [...(snapshot.metadata(path)?.frontmatterLinks ?? []), ...(snapshot.metadata(path)?.links ?? [])]),
  embeds: (snapshot, path) => referenceLinks(snapshot, path, snapshot.metadata(path)?.embeds ?? []),
  backlinks: (snapshot, path) => listValue(snapshot.backlinks(path).map((source) => linkToFile(source, null))),
  properties: (snapshot, path) => objectValue(snapshot.properties(path)),
  file: (_snapshot, path) => fileValue(path),
};

/** The names `file.<field>` accepts. */
export const FILE_FIELDS: readonly string[] = Object.keys(FIELDS);

/** Reads `file.<field>` of the file at `path`; undefined when `field` is not a file property. */
export function readFileField(snapshot: VaultSnapshot, path: string, field: string): BaseValue | undefined {
  return Object.hasOwn(FIELDS, field) ? FIELDS[field]?.(snapshot, path) : undefined;
}

/** The name Obsidian shows for a file: `Alpha` for `Notes/Alpha.md`, `cover.jpg` for an image. */
export function displayName(path: string): string {
  return path.endsWith('.md') ? basenameOf(path) : path.slice(path.lastIndexOf('/') + 1);
}

function statNumber(snapshot: VaultSnapshot, path: string, key: 'size'): BaseValue {
  const stat = snapshot.stat(path);
  return stat === null ? NULL_VALUE : numberValue(stat[key]);
}

function statDate(snapshot: VaultSnapshot, path: string, key: 'ctime' | 'mtime'): BaseValue {
  const stat = snapshot.stat(path);
  return stat === null ? NULL_VALUE : dateValue(stat[key], true);
}

function referenceLinks(snapshot: VaultSnapshot, path: string, references: readonly Reference[]): BaseValue {
  return listValue(references.map((reference) => makeLink(snapshot, reference.link, aliasOf(reference), path)));
}

/** The alias of `[[a|Alias]]`; null when the display text is just the target as written. */
function aliasOf(reference: Reference): string | null {
  return /\|/.test(reference.original) && reference.displayText !== undefined ? reference.displayText : null;
}
