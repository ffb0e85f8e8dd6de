import { IndxError } from '../../errors';
import { compileGlob } from '../../notes/glob';
import { noteTags, tagMatches } from '../../notes/note-tags';
import type { OperationContext } from '../../ops/operation-context';
import type { SearchWarning } from '../../search/service/search-types';
import { extensionOf, toNotePath } from '../../vault/paths';
import type { AiScope, AiWarning } from '../ai-schemas';
import { linkedNotes } from './linked-notes';

/** The notes a scope names before the AI globs are applied, and what the lookup warned about. */
export interface ScopeCandidates {
  paths: string[];
  warnings: AiWarning[];
}

/** Notes taken from a query scope's results when it sets no limit. */
const DEFAULT_QUERY_LIMIT = 10;

/**
 * Lists the markdown notes an AI scope selects (seed 002 §4), through the policy-filtered host
 * (paths hidden by the vault's access rules do not exist here). Explicit paths and a note scope's
 * note must exist (`not_found`); a query scope runs the vault's search and passes its warnings on.
 */
export async function findScopeCandidates(context: OperationContext, scope: AiScope): Promise<ScopeCandidates> {
  switch (scope.kind) {
    case 'paths':
      return { paths: scope.paths.map((path) => existingNote(context, path)), warnings: [] };
    case 'glob':
      return { paths: notesWhere(context, compileGlob(scope.path_glob)), warnings: [] };
    case 'tag':
      return { paths: notesWhere(context, (path) => noteTags(context.host.getMetadata(path) ?? {}).some((tag) => tagMatches(tag, scope.tag))), warnings: [] };
    case 'query':
      return searchCandidates(context, scope);
    case 'note':
      return { paths: linkedNotes(context.host.resolvedLinks(), existingNote(context, scope.path), scope.include_linked ?? 0).filter((path) => context.host.stat(path) !== null), warnings: [] };
  }
}

function existingNote(context: OperationContext, input: string): string {
  const path = toNotePath(input);
  if (context.host.stat(path) === null) {
    throw new IndxError('not_found', `No note at "${path}" (named in the AI scope). Check the path with note_list or vault_search.`, { path });
  }
  return path;
}

function notesWhere(context: OperationContext, predicate: (path: string) => boolean): string[] {
  return context.host
    .listFiles()
    .map((file) => file.path)
    .filter((path) => extensionOf(path) === 'md' && predicate(path));
}

async function searchCandidates(context: OperationContext, scope: Extract<AiScope, { kind: 'query' }>): Promise<ScopeCandidates> {
  if (context.search === null) {
    throw new IndxError('invalid_input', 'A query scope needs the search index, which is switched off in this engine. Use a paths, glob, tag or note scope instead.', { kind: 'query' });
  }
  const filters = scope.filters ?? {};
  const response = await context.search.search({
    q: scope.q,
    limit: scope.limit ?? DEFAULT_QUERY_LIMIT,
    ...(scope.mode === undefined ? {} : { mode: scope.mode }),
    ...(filters.tag === undefined ? {} : { tag: filters.tag }),
    ...(filters.path_glob === undefined ? {} : { path_glob: filters.path_glob }),
    ...(filters.min_score === undefined ? {} : { min_score: filters.min_score }),
  });
  const paths = response.results.map((result) => result.path).filter((path) => extensionOf(path) === 'md');
  return { paths, warnings: (response.warnings ?? []).map(toAiWarning) };
}

function toAiWarning(warning: SearchWarning): AiWarning {
  return { code: warning.code, message: warning.message };
}
