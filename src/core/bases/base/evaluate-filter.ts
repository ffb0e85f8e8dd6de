import { evaluate } from '../evaluate/evaluate';
import type { RowScope } from '../evaluate/scope';
import { isTruthy } from '../values/value-truthy';
import type { FilterNode } from './base-definition';
import { attempt, type RowProblemLog } from './row-problems';

/**
 * Whether a row passes a filter: a statement when its value is truthy, `and` when all children
 * pass, `or` when any does (an empty `or` passes), `not` when none does. A statement that fails
 * to evaluate does not pass, and the failure is logged.
 */
export function filterAccepts(filter: FilterNode | null, scope: RowScope, log: RowProblemLog): boolean {
  if (filter === null) return true;
  switch (filter.type) {
    case 'statement':
      return attempt(log, scope.path, `filter ${filter.source}`, () => isTruthy(evaluate(filter.node, scope)), false);
    case 'and':
      return filter.children.every((child) => filterAccepts(child, scope, log));
    case 'or':
      return filter.children.length === 0 || filter.children.some((child) => filterAccepts(child, scope, log));
    case 'not':
      return !filter.children.some((child) => filterAccepts(child, scope, log));
  }
}
