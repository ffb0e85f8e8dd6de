import type { Engine } from '../../../core/engine';
import { compareCodeUnits } from '../../../core/ops/compare';
import { extensionOf, parentOf } from '../../../core/vault/paths';
import { jsonContent } from './json-content';
import { requireReadScope } from './require-read-scope';
import type { ResourceProvider } from './resource-provider';

/** A folder with the notes directly in it and the notes anywhere below it. */
interface FolderEntry {
  path: string;
  notes: number;
  notes_total: number;
}

/**
 * `folders://vault`: every folder, the root as `""` first, sorted by path (a parent always
 * precedes its children, so the list reads as a tree), with direct and recursive note counts.
 * Hidden and protected folders are not part of the vault and never appear.
 */
export const foldersVaultResource: ResourceProvider = {
  name: 'vault_folders',
  title: 'Folder tree',
  description: 'Every folder of the vault ("" is the root), sorted by path so parents precede children, with notes (markdown files directly inside) and notes_total (including subfolders).',
  mimeType: 'application/json',
  uri: 'folders://vault',
  async read(uri, _variables, engine, caller) {
    requireReadScope(caller);
    return jsonContent(uri, listFolders(engine));
  },
};

function listFolders(engine: Engine): FolderEntry[] {
  const entries = new Map<string, FolderEntry>([['', { path: '', notes: 0, notes_total: 0 }]]);
  for (const path of engine.host.listFolders()) entries.set(path, { path, notes: 0, notes_total: 0 });
  for (const file of engine.host.listFiles()) {
    if (extensionOf(file.path) !== 'md') continue;
    const folder = parentOf(file.path);
    const direct = entries.get(folder);
    if (direct !== undefined) direct.notes += 1;
    for (const ancestor of ancestorsOf(folder)) {
      const entry = entries.get(ancestor);
      if (entry !== undefined) entry.notes_total += 1;
    }
  }
  return [...entries.values()].sort((a, b) => compareCodeUnits(a.path, b.path));
}

/** The folder itself, its ancestors and the root (''). */
function ancestorsOf(folder: string): string[] {
  const parts = folder === '' ? [] : folder.split('/');
  return ['', ...parts.map((_part, index) => parts.slice(0, index + 1).join('/'))];
}
