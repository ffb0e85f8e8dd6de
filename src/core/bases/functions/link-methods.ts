import { booleanValue, fileValue, NULL_VALUE } from '../values/base-value';
import { requiredArgument } from './arguments';
import { fileTargetOf } from './file-target';
import type { MethodTable, ValueOf } from './method';

/**
 * Link methods (the functions page, "Link"). A link is also a string (Obsidian's `LinkValue`
 * extends `StringValue`), so string methods apply to its link text as written.
 */
export const LINK_METHODS: MethodTable<ValueOf<'link'>> = {
  asFile: ({ target }, call) => (target !== null && call.scope.context.snapshot.stat(target) !== null ? fileValue(target) : NULL_VALUE),
  linksTo: ({ target }, call) => {
    const snapshot = call.scope.context.snapshot;
    const other = fileTargetOf(requiredArgument(call, 0), snapshot, call.scope.context.basePath).path;
    return booleanValue(target !== null && other !== null && snapshot.linksTo(target, other));
  },
};
