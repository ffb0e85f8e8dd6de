import { compareCodeUnits } from '../../ops/compare';
import { OTHER_TITLE, type MocGroup } from './moc-group';

const OTHER_KEY = '\u0000other';

/**
 * Keeps at most `maxGroups` groups: when there are more, the largest `maxGroups - 1` stay (ties
 * by key) and the notes of the rest join an "Other" group, as do the `leftover` notes (those no
 * group took). Order of the kept groups is unchanged; "Other" comes last.
 */
export function capGroups(groups: readonly MocGroup[], maxGroups: number, leftover: readonly string[] = []): MocGroup[] {
  const total = groups.length + (leftover.length > 0 ? 1 : 0);
  const keep = total <= maxGroups ? new Set(groups) : new Set(largest(groups, maxGroups - 1));
  const merged = [...leftover, ...groups.filter((group) => !keep.has(group)).flatMap((group) => group.paths)];
  const kept = groups.filter((group) => keep.has(group));
  return merged.length === 0 ? kept : [...kept, { key: OTHER_KEY, paths: merged, title: OTHER_TITLE, rank: 2 }];
}

function largest(groups: readonly MocGroup[], count: number): MocGroup[] {
  return [...groups].sort((left, right) => right.paths.length - left.paths.length || compareCodeUnits(left.key, right.key)).slice(0, Math.max(0, count));
}
