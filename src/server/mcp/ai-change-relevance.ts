import type { AiScope } from '../../core/ai/ai-schemas';
import { compileGlob } from '../../core/notes/glob';
import type { ResourceChange } from './resource-change';

/**
 * What a vault change means for a live AI resource: `touched` when a note its last result read
 * changed (or nothing is known of that result yet), `maybe` when a note may have entered or left
 * its scope (re-resolving tells), `none` when the change cannot affect it.
 */
export type ChangeRelevance = 'touched' | 'maybe' | 'none';

/**
 * The relevance of `change` to a resource over `scope` whose last result read `paths` (null:
 * unknown). Only notes matter (`.md`). A path scope and a note scope without links can only
 * gain the notes they name; a glob scope gains or loses notes only when files appear, vanish or
 * move under it; a tag, a query or linked notes can change with any note edit.
 */
export function relevanceOf(scope: AiScope, paths: ReadonlySet<string> | null, change: ResourceChange): ChangeRelevance {
  const notes = change.paths.filter((path) => path.toLowerCase().endsWith('.md'));
  if (notes.length === 0) return 'none';
  if (paths === null || notes.some((path) => paths.has(path))) return 'touched';
  return notes.some((path) => mayEnter(scope, path, change.listChanged)) ? 'maybe' : 'none';
}

function mayEnter(scope: AiScope, path: string, listChanged: boolean): boolean {
  switch (scope.kind) {
    case 'paths':
      return scope.paths.includes(path);
    case 'note':
      return scope.path === path || (scope.include_linked ?? 0) > 0;
    case 'glob':
      return listChanged && compileGlob(scope.path_glob)(path);
    case 'tag':
    case 'query':
      return true;
  }
}
