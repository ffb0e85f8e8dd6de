import { formulaReferences } from '../expression/formula-references';
import type { ParsedExpression } from './base-definition';
import { baseInvalid } from './base-problem';
import { compileExpression, describeYaml, expressionText } from './compile-expression';

/**
 * Reads `formulas` (name → expression; YAML may give a number or boolean, read as its text) and
 * rejects formulas that depend on each other in a cycle ("A formula cannot reference itself
 * directly or indirectly through other formulas").
 */
export function parseFormulas(raw: unknown): Map<string, ParsedExpression> {
  if (raw === null || raw === undefined) return new Map();
  if (typeof raw !== 'object' || Array.isArray(raw)) throw baseInvalid('formulas', `expected a mapping of name: expression but found ${describeYaml(raw)}`);
  const entries = Object.entries(raw as Record<string, unknown>);
  const names = new Set(entries.map(([name]) => name));
  const formulas = new Map(entries.map(([name, value]) => [name, compileExpression(expressionText(value, `formulas.${name}`), `formulas.${name}`, names)]));
  for (const name of names) rejectCycle(formulas, name, []);
  return formulas;
}

function rejectCycle(formulas: ReadonlyMap<string, ParsedExpression>, name: string, path: readonly string[]): void {
  if (path.includes(name)) {
    const cycle = [...path.slice(path.indexOf(name)), name];
    throw baseInvalid(`formulas.${name}`, `formulas refer to each other in a cycle: ${cycle.join(' → ')}`, { cycle });
  }
  const formula = formulas.get(name);
  if (formula === undefined) return;
  for (const reference of new Set(formulaReferences(formula.node))) rejectCycle(formulas, reference, [...path, name]);
}
