import { isSameValue } from '../../markdown/same-value';

/**
 * The items of `current` followed by those of `added` it does not already hold (deep equality),
 * without repeats: the dedupe-union of a `merge` apply. A current scalar counts as a one-item
 * list; the current order is kept so a merge never reorders what the user wrote.
 */
export function unionLists(current: unknown, added: readonly unknown[]): unknown[] {
  const merged: unknown[] = [];
  const base: readonly unknown[] = current === undefined || current === null ? [] : Array.isArray(current) ? current : [current];
  for (const item of [...base, ...added]) {
    if (!merged.some((kept) => isSameValue(kept, item))) merged.push(item);
  }
  return merged;
}
