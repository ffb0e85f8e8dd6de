import { compareCodeUnits } from '../../ops/compare';
import type { TitledGroup } from './build-moc';
import type { MocGroup } from './moc-group';
import { toOneLine } from './to-one-line';

/** How a group is named when the model gave it no title. */
export type GroupBy = 'tag' | 'folder' | 'frontmatter' | 'topic';

const MAX_TITLE_LENGTH = 120;

/**
 * Gives every group its title: its own (collecting groups, topics), else the model's title for
 * its key, else one made from the key (`#tag`, the folder path or "Top level", the property
 * value). Orders them by title (case ignored, then code units), the "Untagged"/"No <key>" group
 * after those and "Other" last.
 */
export function titleGroups(groups: readonly MocGroup[], titles: ReadonlyMap<string, string>, groupBy: GroupBy): TitledGroup[] {
  const titled = groups.map((group) => ({ rank: group.rank ?? 0, title: group.title ?? modelTitle(titles.get(group.key)) ?? fallbackTitle(group.key, groupBy), paths: group.paths }));
  titled.sort((left, right) => left.rank - right.rank || compareCodeUnits(left.title.toLowerCase(), right.title.toLowerCase()) || compareCodeUnits(left.title, right.title));
  return titled.map(({ title, paths }) => ({ title, paths }));
}

function modelTitle(title: string | undefined): string | undefined {
  const line = toOneLine(title ?? '').replace(/^#+\s*/, '').slice(0, MAX_TITLE_LENGTH);
  return line === '' ? undefined : line;
}

function fallbackTitle(key: string, groupBy: GroupBy): string {
  if (groupBy === 'tag') return `#${key}`;
  if (groupBy === 'folder') return key === '' ? 'Top level' : key;
  return key;
}
