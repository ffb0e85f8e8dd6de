import type { Reference } from '../../metadata/types';
import { basenameOf, extensionOf, parentOf } from '../../vault/paths';
import { dateValue, fileValue, listValue, NULL_VALUE, numberValue, objectValue, stringValue, type BaseValue, type LinkValue } from '../values/base-value';
import { linkToFile, makeLink } from './make-link';
import type { VaultSnapshot } from './vault-snapshot';

type FieldReader = (snapshot: VaultSnapshot, path: string) => BaseValue;

/**
 * The `file.*` properties of the Bases syntax page (plus `file.basename` from the functions
 * page). Notes: `file.name` is the file's name with its extension (`Alpha.md`; the functions
 * page: "The name of this file"), `file.basename` the name "without the file extension";
 * `file.folder` is `/` at the vault root; `file.tags` holds tag names without `#`;
 * `file.links` are the note's links with frontmatter links first, embeds excluded (they are
 * `file.embeds`) — for a canvas, its file nodes and the links of its text nodes;
 * `file.backlinks` are links to the notes and canvases linking here.
 */
const FIELDS: Record<string, FieldReader> = {
  name: (_snapshot, path) => stringValue(fileNameOf(path)),
  basename: (_snapshot, path) => stringValue(basenameOf(path)),
  path: (_snapshot, path) => stringValue(path),
  folder: (_snapshot, path) => stringValue(parentOf(path) === '' ? '/' : parentOf(path)),
  ext: (_snapshot, path) => stringValue(extensionOf(path)),
  size: (snapshot, path) => statNumber(snapshot, path, 'size'),
  ctime: (snapshot, path) => statDate(snapshot, path, 'ctime'),
  mtime: (snapshot, path) => statDate(snapshot, path, 'mtime'),
  tags: (snapshot, path) => listValue(snapshot.tags(path).map(stringValue)),
  links: (snapshot, path) => listValue([...referenceLinks(snapshot, path, noteLinks(snapshot, path)), ...canvasLinks(snapshot, path, 'links')]),
  embeds: (snapshot, path) => listValue([...referenceLinks(snapshot, path, snapshot.metadata(path)?.embeds ?? []), ...canvasLinks(snapshot, path, 'embeds')]),
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

/** A file's name with its extension, as Obsidian's `TFile.name`: `Alpha.md` for `Notes/Alpha.md`. */
function fileNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function statNumber(snapshot: VaultSnapshot, path: string, key: 'size'): BaseValue {
  const stat = snapshot.stat(path);
  return stat === null ? NULL_VALUE : numberValue(stat[key]);
}

function statDate(snapshot: VaultSnapshot, path: string, key: 'ctime' | 'mtime'): BaseValue {
  const stat = snapshot.stat(path);
  return stat === null ? NULL_VALUE : dateValue(stat[key], true);
}

/** A note's links: frontmatter links first, then those of the body. */
function noteLinks(snapshot: VaultSnapshot, path: string): Reference[] {
  const metadata = snapshot.metadata(path);
  return [...(metadata?.frontmatterLinks ?? []), ...(metadata?.links ?? [])];
}

function referenceLinks(snapshot: VaultSnapshot, path: string, references: readonly Reference[]): LinkValue[] {
  return references.map((reference) => makeLink(snapshot, reference.link, aliasOf(reference), path));
}

/** A canvas's references of one field as links: resolved ones to their file, others as written. */
function canvasLinks(snapshot: VaultSnapshot, path: string, field: 'links' | 'embeds'): LinkValue[] {
  return snapshot
    .canvasLinks(path)
    .filter((link) => link.field === field)
    .map((link) => (link.target === null ? { kind: 'link', linktext: link.linkpath, display: null, target: null } : linkToFile(link.target, null)));
}

/** The alias of `[[a|Alias]]`; null when the display text is just the target as written. */
function aliasOf(reference: Reference): string | null {
  return /\|/.test(reference.original) && reference.displayText !== undefined ? reference.displayText : null;
}
