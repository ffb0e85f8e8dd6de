import type { FrontmatterChange } from './apply-plan';

/** True when the change removes its key rather than setting it. */
export function isChangeRemoval(change: FrontmatterChange): change is { key: string; remove: true } {
  return 'remove' in change && change.remove;
}
