import { compareCodeUnits } from '../../ops/compare';
import type { BaseValue } from '../values/base-value';
import { compareForSort, isEmptyForSort } from '../values/value-sort-order';
import type { SortSpec } from './base-definition';

/** A row being ordered: its path and the values of its sort keys, in sort order. */
export interface SortableRow {
  path: string;
  keys: readonly BaseValue[];
}

/**
 * Orders rows by their keys, each ascending or descending as its spec says, empty values last
 * in both directions; rows equal on every key keep path order, so results are deterministic.
 */
export function orderRows<Row extends SortableRow>(rows: readonly Row[], specs: readonly SortSpec[]): Row[] {
  return [...rows].sort((a, b) => compareKeys(a.keys, b.keys, specs) || compareCodeUnits(a.path, b.path));
}

/** Compares two key lists under their specs (0 when equal on every key). */
export function compareKeys(a: readonly BaseValue[], b: readonly BaseValue[], specs: readonly SortSpec[]): number {
  for (const [index, spec] of specs.entries()) {
    const left = a[index] ?? { kind: 'null' };
    const right = b[index] ?? { kind: 'null' };
    const order = compareForSort(left, right);
    if (order === 0) continue;
    const eitherEmpty = isEmptyForSort(left) || isEmptyForSort(right);
    return spec.direction === 'DESC' && !eitherEmpty ? -order : order;
  }
  return 0;
}
