import type { ExpressionNode } from '../expression/ast';
import type { Evaluate, RowScope } from '../evaluate/scope';
import type { BaseValue } from '../values/base-value';

/**
 * One call of a function or method: its unevaluated argument nodes (for `if()`, `filter()`,
 * `map()` and `reduce()`, which evaluate them per item or not at all) and `args()`, which
 * evaluates them once, left to right, on first use.
 */
export interface Invocation {
  /** `name()` for a function, `.name()` for a method, as messages show it. */
  label: string;
  nodes: readonly ExpressionNode[];
  scope: RowScope;
  evaluate: Evaluate;
  args(): readonly BaseValue[];
}

/** Builds the invocation of `label` with argument `nodes` in `scope`. */
export function createInvocation(label: string, nodes: readonly ExpressionNode[], scope: RowScope, evaluate: Evaluate): Invocation {
  let values: readonly BaseValue[] | undefined;
  return { label, nodes, scope, evaluate, args: () => (values ??= nodes.map((node) => evaluate(node, scope))) };
}
