import { getLinkpath } from '../../metadata/linktext';
import type { BaseValue } from '../values/base-value';
import { makeLink } from '../vault/make-link';
import type { VaultSnapshot } from '../vault/vault-snapshot';

/**
 * The file a value points at, as `hasLink()` and `linksTo()` take it: a file is itself, a link
 * its resolved target, a string is read as a link (`"Note"`, `"[[Note]]"`, a path) resolved
 * from `sourcePath`. `linkpath` is the text to look up among unresolved links when there is
 * no such file.
 */
export function fileTargetOf(value: BaseValue, snapshot: VaultSnapshot, sourcePath: string): { path: string | null; linkpath: string | null } {
  switch (value.kind) {
    case 'file':
      return { path: value.path, linkpath: null };
    case 'link':
      return { path: value.target, linkpath: getLinkpath(value.linktext) };
    case 'string': {
      const link = makeLink(snapshot, value.value, null, sourcePath);
      return { path: link.target, linkpath: getLinkpath(link.linktext) };
    }
    default:
      return { path: null, linkpath: null };
  }
}
