import { tagMatches } from '../../notes/note-tags';
import { booleanValue, type BaseValue } from '../values/base-value';
import { valueToText } from '../values/value-text';
import { linkToFile } from '../vault/make-link';
import type { VaultSnapshot } from '../vault/vault-snapshot';
import { requiredArgument, spreadArguments, textArgument } from './arguments';
import { fileTargetOf } from './file-target';
import type { MethodTable, ValueOf } from './method';

/**
 * File methods (the functions page, "File"). `hasLink()` counts links, embeds and frontmatter
 * links, resolved or not; `hasTag()` includes nested tags (`a` matches `#a/b`) and ignores case
 * and a leading `#`; `inFolder()` includes sub-folders.
 */
export const FILE_METHODS: MethodTable<ValueOf<'file'>> = {
  asLink: ({ path }, call) => linkToFile(path, call.args().length === 0 ? null : valueToText(requiredArgument(call, 0))),
  hasLink: ({ path }, call) => booleanValue(hasLink(call.scope.context.snapshot, path, requiredArgument(call, 0))),
  hasProperty: ({ path }, call) => booleanValue(Object.hasOwn(call.scope.context.snapshot.metadata(path)?.frontmatter ?? {}, textArgument(call, 0))),
  hasTag: ({ path }, call) => booleanValue(hasTag(call.scope.context.snapshot.tags(path), spreadArguments(call).map(valueToText))),
  inFolder: ({ path }, call) => booleanValue(inFolder(path, textArgument(call, 0))),
};

/** True when the file at `path` links to what `other` names (file, link or text). */
export function hasLink(snapshot: VaultSnapshot, path: string, other: BaseValue): boolean {
  const target = fileTargetOf(other, snapshot, path);
  if (target.path !== null) return snapshot.linksTo(path, target.path);
  return target.linkpath !== null && snapshot.hasUnresolvedLink(path, target.linkpath);
}

function hasTag(tags: readonly string[], queries: string[]): boolean {
  return queries.some((query) => tags.some((tag) => tagMatches(tag, query)));
}

function inFolder(path: string, folder: string): boolean {
  const prefix = folder.trim().replace(/^\/+|\/+$/g, '');
  return prefix === '' || path.startsWith(`${prefix}/`);
}
