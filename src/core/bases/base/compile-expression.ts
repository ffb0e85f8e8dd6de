import { checkExpression } from '../expression/check-expression';
import { parseExpression } from '../expression/parser';
import { FILE_FIELDS } from '../vault/file-fields';
import type { ParsedExpression } from './base-definition';
import { baseInvalid, baseUnsupported } from './base-problem';
import { splitPropertyId } from './property-id';

/**
 * Parses and checks one expression of a base (`where` says which, e.g. `views[0].filters.and[1]`):
 * a syntax error is `base_invalid` with the offset; an undocumented function or method, an
 * unknown `file.*` property or an undefined formula stops the query here.
 */
export function compileExpression(source: string, where: string, formulaNames: ReadonlySet<string>): ParsedExpression {
  const parsed = parseExpression(source);
  if (!parsed.ok) {
    throw baseInvalid(where, `${parsed.error.message} (column ${parsed.error.position + 1} of ${JSON.stringify(source)})`, { expression: source, position: parsed.error.position });
  }
  const problem = checkExpression(parsed.value, formulaNames)[0];
  if (problem?.code === 'base_unsupported') throw baseUnsupported(where, problem.construct, problem.message);
  if (problem !== undefined) throw baseInvalid(where, problem.message, { expression: source, position: problem.position });
  return { source, node: parsed.value };
}

/** Checks a property id used as a column, sort key or group (`formula.x` must exist). */
export function checkPropertyId(id: string, where: string, formulaNames: ReadonlySet<string>): string {
  const [namespace, name] = splitPropertyId(id);
  if (namespace === 'formula' && !formulaNames.has(name)) throw baseInvalid(where, `the base defines no formula "${name}"`, { property: id });
  if (namespace === 'file' && !FILE_FIELDS.includes(name)) throw baseUnsupported(where, id, `${id} is not a file property (known: ${FILE_FIELDS.join(', ')})`);
  return id;
}

/** The text of a YAML scalar used as an expression (`rating > 0`, `true`, `5`). */
export function expressionText(value: unknown, where: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw baseInvalid(where, `expected an expression string but found ${describeYaml(value)}`);
}

/** A short description of a YAML value for messages. */
export function describeYaml(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'a mapping' : `the ${typeof value} ${JSON.stringify(value)}`;
}
