import type { FilterNode } from './base-definition';
import { baseInvalid, baseUnsupported } from './base-problem';
import { compileExpression, describeYaml, expressionText } from './compile-expression';

const GROUPS = ['and', 'or', 'not'] as const;

/**
 * Reads a `filters` section: a statement string, or a mapping with exactly one of `and`, `or`,
 * `not` holding a list of statements and nested groups. Null or an empty mapping means no filter.
 */
export function parseFilter(raw: unknown, where: string, formulaNames: ReadonlySet<string>): FilterNode | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== 'object') return { type: 'statement', ...compileExpression(expressionText(raw, where), where, formulaNames) };
  if (Array.isArray(raw)) throw baseInvalid(where, 'a filter is a string or a mapping with one of and, or, not; found a list (put it under and:)');
  const keys = Object.keys(raw);
  if (keys.length === 0) return null;
  const unknown = keys.find((key) => !(GROUPS as readonly string[]).includes(key));
  if (unknown !== undefined) throw baseUnsupported(where, `filter key "${unknown}"`, 'a filter group is and, or or not');
  if (keys.length > 1) throw baseInvalid(where, `a filter group has exactly one of and, or, not; found ${keys.join(', ')}`);
  const type = keys[0] as (typeof GROUPS)[number];
  return { type, children: parseChildren((raw as Record<string, unknown>)[type], `${where}.${type}`, formulaNames) };
}

function parseChildren(raw: unknown, where: string, formulaNames: ReadonlySet<string>): FilterNode[] {
  if (raw === null || raw === undefined) return [];
  if (!Array.isArray(raw)) {
    if (typeof raw === 'string') return [{ type: 'statement', ...compileExpression(raw, where, formulaNames) }];
    throw baseInvalid(where, `expected a list of filters but found ${describeYaml(raw)}`);
  }
  return raw.flatMap((child: unknown, index) => parseFilter(child, `${where}[${index}]`, formulaNames) ?? []);
}
