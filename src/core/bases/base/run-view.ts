import { compareCodeUnits } from '../../ops/compare';
import { createRowScope, withLocals, type QueryContext, type RowScope } from '../evaluate/scope';
import { evaluate } from '../evaluate/evaluate';
import { listValue, NULL_VALUE, type BaseValue } from '../values/base-value';
import { valueKey } from '../values/value-key';
import { toJsonValue, type JsonValue } from '../values/value-json';
import type { BaseDefinition, SortSpec, ViewDefinition } from './base-definition';
import { columnName } from './column-name';
import { filterAccepts } from './evaluate-filter';
import { compareKeys, orderRows } from './order-rows';
import { readProperty } from './read-property';
import { attempt, createProblemLog, type RowProblem, type RowProblemLog } from './row-problems';
import { summarize, BUILT_IN_SUMMARIES } from './summaries';

/** One result row: the file, its column values, every formula's value, its group. */
export interface ViewRow {
  path: string;
  values: Record<string, JsonValue>;
  formulas: Record<string, JsonValue>;
  group?: JsonValue;
}

/** A view evaluated over the vault, with one page of rows. */
export interface ViewResult {
  columns: { id: string; name: string }[];
  /** Rows the view shows: matching rows, cut to the view's `limit`. */
  total: number;
  /** Rows matching the filters before the view's `limit`. */
  matched: number;
  rows: ViewRow[];
  groups: { key: JsonValue; count: number }[] | null;
  summaries: Record<string, JsonValue> | null;
  problems: { count: number; listed: RowProblem[] };
}

const DEFAULT_SORT: readonly SortSpec[] = [{ property: 'file.name', direction: 'ASC' }];

interface MatchedRow {
  path: string;
  scope: RowScope;
  keys: BaseValue[];
  /** The group-by value; once grouped, the value of the row's group (its first row's value). */
  group: BaseValue;
}

interface Group {
  key: string;
  value: BaseValue;
  rows: MatchedRow[];
}

/**
 * Evaluates a view: every file of the vault passes the base's filters AND the view's, rows are
 * grouped (by `groupBy`, when set: rows whose values are `==` form one group, all empty values
 * one group keyed null, each group once; a row's `group` is its group's key) and sorted (by
 * `sort`, else by file name as Obsidian does), cut to the view's `limit`, and the page `[offset, offset + pageSize)` gets its column and
 * formula values. Evaluation failures of single rows are listed in `problems`, not thrown.
 */
export function runView(base: BaseDefinition, view: ViewDefinition, context: QueryContext, page: { offset: number; size: number }): ViewResult {
  const log = createProblemLog();
  const sort = view.sort.length === 0 ? DEFAULT_SORT : view.sort;
  const matched = context.snapshot.paths.flatMap((path) => matchRow(base, view, context, path, sort, log));
  const ordered = orderMatched(matched, sort, view.groupBy);
  const shown = view.limit === null ? ordered : ordered.slice(0, view.limit);
  const columns = (view.order ?? ['file.name']).map((id) => ({ id, name: columnName(base, id) }));
  return {
    columns,
    total: shown.length,
    matched: matched.length,
    rows: shown.slice(page.offset, page.offset + page.size).map((row) => toViewRow(base, view, row, columns, log)),
    groups: view.groupBy === null ? null : groupCounts(shown),
    summaries: view.summaries.size === 0 ? null : summarizeColumns(base, view, shown, context, log),
    problems: log,
  };
}

function matchRow(base: BaseDefinition, view: ViewDefinition, context: QueryContext, path: string, sort: readonly SortSpec[], log: RowProblemLog): MatchedRow[] {
  const scope = createRowScope(context, path);
  if (!filterAccepts(base.filter, scope, log) || !filterAccepts(view.filter, scope, log)) return [];
  const keys = sort.map((spec) => safeProperty(spec.property, scope, log));
  const group = view.groupBy === null ? NULL_VALUE : safeProperty(view.groupBy.property, scope, log);
  return [{ path, scope, keys, group }];
}

function safeProperty(id: string, scope: RowScope, log: RowProblemLog): BaseValue {
  return attempt(log, scope.path, id, () => readProperty(id, scope), NULL_VALUE);
}

/** Sorts rows; with a group-by, puts each group's rows together, groups in group-by order. */
function orderMatched(rows: MatchedRow[], sort: readonly SortSpec[], groupBy: SortSpec | null): MatchedRow[] {
  const sorted = orderRows(rows, sort);
  if (groupBy === null) return sorted;
  return groupRows(sorted).sort((a, b) => compareKeys([a.value], [b.value], [groupBy]) || compareCodeUnits(a.key, b.key)).flatMap((group) => group.rows);
}

/** Splits rows by group key (one identity rule, `valueKey`), keeping their order within a group. */
function groupRows(rows: readonly MatchedRow[]): Group[] {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const key = valueKey(row.group);
    const group = groups.get(key) ?? { key, value: key === 'empty' ? NULL_VALUE : row.group, rows: [] };
    groups.set(key, group);
    group.rows.push({ ...row, group: group.value });
  }
  return [...groups.values()];
}

/** Group sizes of rows that are already grouped (each group's rows adjacent). */
function groupCounts(rows: readonly MatchedRow[]): { key: JsonValue; count: number }[] {
  const groups: { value: BaseValue; count: number }[] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last?.value === row.group) last.count += 1;
    else groups.push({ value: row.group, count: 1 });
  }
  return groups.map(({ value, count }) => ({ key: toJsonValue(value), count }));
}

function toViewRow(base: BaseDefinition, view: ViewDefinition, row: MatchedRow, columns: { id: string }[], log: RowProblemLog): ViewRow {
  const values = Object.fromEntries(columns.map(({ id }) => [id, toJsonValue(safeProperty(id, row.scope, log))]));
  const formulas = Object.fromEntries([...base.formulas.keys()].map((name) => [name, toJsonValue(safeProperty(`formula.${name}`, row.scope, log))]));
  return { path: row.path, values, formulas, ...(view.groupBy === null ? {} : { group: toJsonValue(row.group) }) };
}

function summarizeColumns(base: BaseDefinition, view: ViewDefinition, rows: readonly MatchedRow[], context: QueryContext, log: RowProblemLog): Record<string, JsonValue> {
  const entries = [...view.summaries].map(([id, name]) => {
    const values = rows.map((row) => safeProperty(id, row.scope, log));
    return [id, toJsonValue(summaryOf(base, name, values, context, log))] as const;
  });
  return Object.fromEntries(entries);
}

function summaryOf(base: BaseDefinition, name: string, values: BaseValue[], context: QueryContext, log: RowProblemLog): BaseValue {
  const custom = base.summaries.get(name);
  if (custom === undefined || BUILT_IN_SUMMARIES.includes(name)) return summarize(name, values);
  const scope = withLocals(createRowScope(context, context.basePath), { values: listValue(values) });
  return attempt(log, context.basePath, `summary ${name}`, () => evaluate(custom.node, scope), NULL_VALUE);
}
