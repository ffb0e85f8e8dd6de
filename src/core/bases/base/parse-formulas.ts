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
  rejectCycles(formulas);
  return formulas;
}

/** Rejects the first cycle found, visiting each formula once (linear in the references). */
function rejectCycles(formulas: ReadonlyMap<string, ParsedExpression>): void {
  const done = new Set<string>();
  for (const root of formulas.keys()) if (!done.has(root)) walkFrom(root, formulas, done);
}

/** A formula on the search path and the references of it still to visit. */
interface Frame {
  name: string;
  pending: string[];
}

/** Depth-first from `root` with an explicit stack, as a base may chain thousands of formulas. */
function walkFrom(root: string, formulas: ReadonlyMap<string, ParsedExpression>, done: Set<string>): void {
  const stack: Frame[] = [frameOf(root, formulas)];
  const onPath = new Set([root]);
  for (let top = stack.at(-1); top !== undefined; top = stack.at(-1)) {
    const next = top.pending.shift();
    if (next === undefined) {
      stack.pop();
      onPath.delete(top.name);
      done.add(top.name);
    } else if (onPath.has(next)) {
      throw cycleError(stack.map((frame) => frame.name), next);
    } else if (!done.has(next) && formulas.has(next)) {
      stack.push(frameOf(next, formulas));
      onPath.add(next);
    }
  }
}

function frameOf(name: string, formulas: ReadonlyMap<string, ParsedExpression>): Frame {
  const node = formulas.get(name)?.node;
  return { name, pending: node === undefined ? [] : [...new Set(formulaReferences(node))] };
}

function cycleError(path: readonly string[], repeated: string): Error {
  const cycle = [...path.slice(path.indexOf(repeated)), repeated];
  return baseInvalid(`formulas.${repeated}`, `formulas refer to each other in a cycle: ${cycle.join(' → ')}`, { cycle });
}
