import type { ExpressionNode } from '../expression/ast';

/**
 * A `.base` file after parsing and checking, as the Bases syntax page describes it. Property ids
 * are canonical: `note.x`, `file.x` or `formula.x` (a bare `x` in the file means `note.x`).
 */
export interface BaseDefinition {
  /** The global `filters`, applied to every view; null when there are none. */
  filter: FilterNode | null;
  formulas: ReadonlyMap<string, ParsedExpression>;
  /** Column names from `properties.<id>.displayName` (and the older `display:` map). */
  displayNames: ReadonlyMap<string, string>;
  /** Custom summary formulas (top-level `summaries`), evaluated with `values` bound. */
  summaries: ReadonlyMap<string, ParsedExpression>;
  views: readonly ViewDefinition[];
}

/** An expression with the text it came from. */
export interface ParsedExpression {
  source: string;
  node: ExpressionNode;
}

/** A filter statement, or an `and` / `or` / `not` group of filters (`not`: none may hold). */
export type FilterNode = ({ type: 'statement' } & ParsedExpression) | { type: 'and' | 'or' | 'not'; children: FilterNode[] };

/** A sort key or the group-by property, with its direction. */
export interface SortSpec {
  property: string;
  direction: 'ASC' | 'DESC';
}

/** One entry of `views`. Keys only a layout uses (`columnSize`, `image`, ...) are not kept. */
export interface ViewDefinition {
  name: string;
  type: string;
  filter: FilterNode | null;
  /** The columns (`order`), canonical ids; null when the view lists none. */
  order: readonly string[] | null;
  sort: readonly SortSpec[];
  limit: number | null;
  groupBy: SortSpec | null;
  /** Column id → summary name (`Average`, `Sum`, ... or a custom summary). */
  summaries: ReadonlyMap<string, string>;
}
