import type { ExpressionNode } from '../expression/ast';
import type { BaseValue } from '../values/base-value';
import type { VaultSnapshot } from '../vault/vault-snapshot';

/** What every row of one query shares. */
export interface QueryContext {
  snapshot: VaultSnapshot;
  /** `now()`, read once from the injected clock so every row sees the same instant. */
  now: number;
  /** `random()`: a number in [0, 1). */
  random: () => number;
  /** The `.base` file: strings given to `link()` and `file()` resolve from here. */
  basePath: string;
  /** The file `this` stands for: the base itself, or the note embedding it. */
  thisPath: string;
  /** The base's formulas, parsed, by name. */
  formulas: ReadonlyMap<string, ExpressionNode>;
}

/**
 * Evaluation state for one row (one file): its formula values computed so far, the formulas
 * being computed (to catch cycles), and the lambda variables (`value`, `index`, `acc`) of
 * `filter()`, `map()` and `reduce()`.
 */
export interface RowScope {
  context: QueryContext;
  path: string;
  formulaValues: Map<string, BaseValue>;
  evaluating: Set<string>;
  locals: ReadonlyMap<string, BaseValue>;
}

/** A fresh scope for the row of `path`. */
export function createRowScope(context: QueryContext, path: string): RowScope {
  return { context, path, formulaValues: new Map(), evaluating: new Set(), locals: new Map() };
}

/** The same row with lambda variables added (inner ones shadow outer ones). */
export function withLocals(scope: RowScope, locals: Record<string, BaseValue>): RowScope {
  return { ...scope, locals: new Map([...scope.locals, ...Object.entries(locals)]) };
}

/** Evaluates a node in a scope; passed to functions so they can evaluate lazily. */
export type Evaluate = (node: ExpressionNode, scope: RowScope) => BaseValue;
