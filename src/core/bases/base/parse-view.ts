import type { SortSpec, ViewDefinition } from './base-definition';
import { baseInvalid } from './base-problem';
import { checkPropertyId, describeYaml } from './compile-expression';
import { parseFilter } from './parse-filter';
import { toPropertyId } from './property-id';

type Mapping = Record<string, unknown>;

/**
 * Reads one entry of `views`: `type`, `name`, `filters`, `order`, `sort` (entries with
 * `property`, or `column` as older bases write it, and `direction` ASC/DESC), `limit` (0 means none), `groupBy`
 * and `summaries`. Other keys belong to the layout (`columnSize`, `image`, `cardSize`...) and
 * do not change which rows a view has.
 */
export function parseView(raw: unknown, index: number, formulaNames: ReadonlySet<string>): ViewDefinition {
  const where = `views[${index}]`;
  if (!isMapping(raw)) throw baseInvalid(where, `a view is a mapping with type and name but found ${describeYaml(raw)}`);
  return {
    name: typeof raw.name === 'string' && raw.name.trim() !== '' ? raw.name : `View ${index + 1}`,
    type: typeof raw.type === 'string' ? raw.type : 'table',
    filter: parseFilter(raw.filters, `${where}.filters`, formulaNames),
    order: raw.order === undefined || raw.order === null ? null : parseOrder(raw.order, `${where}.order`, formulaNames),
    sort: parseSort(raw.sort, `${where}.sort`, formulaNames),
    limit: parseLimit(raw.limit, `${where}.limit`),
    groupBy: raw.groupBy === undefined || raw.groupBy === null ? null : parseSortSpec(raw.groupBy, `${where}.groupBy`, formulaNames),
    summaries: parseSummaries(raw.summaries, `${where}.summaries`, formulaNames),
  };
}

function isMapping(value: unknown): value is Mapping {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseOrder(raw: unknown, where: string, formulaNames: ReadonlySet<string>): string[] {
  if (!Array.isArray(raw)) throw baseInvalid(where, `expected a list of property ids but found ${describeYaml(raw)}`);
  return raw.map((id: unknown, index) => propertyId(id, `${where}[${index}]`, formulaNames));
}

function propertyId(raw: unknown, where: string, formulaNames: ReadonlySet<string>): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw baseInvalid(where, `expected a property id such as file.name, note.year or formula.total but found ${describeYaml(raw)}`);
  return checkPropertyId(toPropertyId(raw), where, formulaNames);
}

function parseSort(raw: unknown, where: string, formulaNames: ReadonlySet<string>): SortSpec[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw baseInvalid(where, `expected a list of {property, direction} but found ${describeYaml(raw)}`);
  return raw.map((entry: unknown, index) => parseSortSpec(entry, `${where}[${index}]`, formulaNames));
}

function parseSortSpec(raw: unknown, where: string, formulaNames: ReadonlySet<string>): SortSpec {
  if (!isMapping(raw)) throw baseInvalid(where, `expected {property, direction} but found ${describeYaml(raw)}`);
  const direction = raw.direction === undefined || raw.direction === null ? 'ASC' : typeof raw.direction === 'string' ? raw.direction.toUpperCase() : '';
  if (direction !== 'ASC' && direction !== 'DESC') throw baseInvalid(where, `direction is ASC or DESC, not ${JSON.stringify(raw.direction)}`);
  return { property: propertyId(raw.property ?? raw.column, where, formulaNames), direction };
}

function parseLimit(raw: unknown, where: string): number | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0) throw baseInvalid(where, `limit is a whole number of rows, not ${JSON.stringify(raw)}`);
  return raw === 0 ? null : raw;
}

function parseSummaries(raw: unknown, where: string, formulaNames: ReadonlySet<string>): Map<string, string> {
  if (raw === undefined || raw === null) return new Map();
  if (!isMapping(raw)) throw baseInvalid(where, `expected a mapping of property id: summary but found ${describeYaml(raw)}`);
  return new Map(Object.entries(raw).map(([id, summary]) => [propertyId(id, `${where}.${id}`, formulaNames), summaryName(summary, `${where}.${id}`)]));
}

function summaryName(raw: unknown, where: string): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw baseInvalid(where, `expected a summary name such as Average but found ${describeYaml(raw)}`);
  return raw.trim();
}
