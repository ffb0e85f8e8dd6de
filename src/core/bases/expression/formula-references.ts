import type { ExpressionNode } from './ast';
import { childNodes } from './child-nodes';

/** The formula names an expression reads (`formula.a`, `formula["b"]`), in order, with repeats. */
export function formulaReferences(node: ExpressionNode): string[] {
  const own = referencedName(node);
  return [...(own === null ? [] : [own]), ...childNodes(node).flatMap(formulaReferences)];
}

/** The formula name when `node` is itself `formula.x` or `formula["x"]`. */
export function referencedName(node: ExpressionNode): string | null {
  if (node.type === 'member' && isFormulaNamespace(node.object)) return node.name;
  if (node.type === 'index' && isFormulaNamespace(node.object) && node.index.type === 'literal' && node.index.value.kind === 'string') return node.index.value.value;
  return null;
}

function isFormulaNamespace(node: ExpressionNode): boolean {
  return node.type === 'identifier' && node.name === 'formula';
}
