import { compareCodeUnits } from '../../ops/compare';
import type { BaseValue } from './base-value';
import { compareValues } from './value-compare';
import { valueToText } from './value-text';

/**
 * The order of view sorting, grouping and `list.sort()`: a total order. Empty values (null,
 * `""`, an empty list) come after everything else; values of one kind compare naturally (text
 * ignoring case first, then by code units so the order is the same on every machine); different
 * kinds group by kind: numbers, dates, durations, text, links, files, booleans, lists, objects.
 * Sort direction is applied by the caller, which keeps empty values last either way.
 */
export function compareForSort(a: BaseValue, b: BaseValue): number {
  const emptyA = isEmptyForSort(a);
  const emptyB = isEmptyForSort(b);
  if (emptyA || emptyB) return Number(emptyA) - Number(emptyB);
  const rankDifference = rankOf(a) - rankOf(b);
  if (rankDifference !== 0) return rankDifference;
  if (a.kind === 'list' && b.kind === 'list') return compareLists(a.items, b.items);
  const ordered = a.kind === 'string' || a.kind === 'link' || a.kind === 'file' ? null : compareValues(a, b);
  return ordered ?? compareText(valueToText(a), valueToText(b));
}

/** True for the values sorting puts last: null, the empty string and the empty list. */
export function isEmptyForSort(value: BaseValue): boolean {
  return value.kind === 'null' || (value.kind === 'string' && value.value === '') || (value.kind === 'list' && value.items.length === 0);
}

const RANKS: Partial<Record<BaseValue['kind'], number>> = { number: 0, date: 1, duration: 2, string: 3, link: 4, file: 5, boolean: 6, list: 7, object: 8 };

function rankOf(value: BaseValue): number {
  return RANKS[value.kind] ?? 9;
}

function compareLists(a: readonly BaseValue[], b: readonly BaseValue[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const difference = compareForSort(a[index] ?? { kind: 'null' }, b[index] ?? { kind: 'null' });
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

/** Case-insensitive first, then by code units: `apple` < `Banana` < `banana`. */
function compareText(a: string, b: string): number {
  return compareCodeUnits(a.toLowerCase(), b.toLowerCase()) || compareCodeUnits(a, b);
}
