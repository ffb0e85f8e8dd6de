import { evaluate } from '../evaluate/evaluate';
import type { RowScope } from '../evaluate/scope';
import { isTruthy } from '../values/value-truthy';
import type { FilterNode } from './base-definition';
import { logProblem, type RowProblemLog } from './row-problems';

/** A statement that failed to evaluate, carried up through its groups. */
class StatementFailure extends Error {
  constructor(
    readonly source: string,
    readonly error: unknown,
  ) {
    super(`filter ${source} failed`);
  }
}

/**
 * Whether a row passes a filter: a statement when its value is truthy, `and` when all children
 * pass, `or` when any does (an empty `or` passes), `not` when none does. A statement that fails
 * to evaluate leaves the row out whatever group holds it (a `not` does not turn the failure into
 * a pass), and the failure is logged.
 */
export function filterAccepts(filter: FilterNode | null, scope: RowScope, log: RowProblemLog): boolean {
  try {
    return passes(filter, scope);
  } catch (failure) {
    if (!(failure instanceof StatementFailure)) throw failure;
    logProblem(log, scope.path, `filter ${failure.source}`, failure.error);
    return false;
  }
}

function passes(filter: FilterNode | null, scope: RowScope): boolean {
  if (filter === null) return true;
  switch (filter.type) {
    case 'statement':
      return statementHolds(filter.source, filter.node, scope);
    case 'and':
      return filter.children.every((child) => passes(child, scope));
    case 'or':
      return filter.children.length === 0 || filter.children.some((child) => passes(child, scope));
    case 'not':
      return !filter.children.some((child) => passes(child, scope));
  }
}

function statementHolds(source: string, node: Extract<FilterNode, { type: 'statement' }>['node'], scope: RowScope): boolean {
  try {
    return isTruthy(evaluate(node, scope));
  } catch (error) {
    throw new StatementFailure(source, error);
  }
}
