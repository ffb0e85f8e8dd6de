import type { ExpressionNode } from './ast';

/** The direct sub-expressions of a node, in source order. */
export function childNodes(node: ExpressionNode): ExpressionNode[] {
  switch (node.type) {
    case 'literal':
    case 'identifier':
      return [];
    case 'member':
      return [node.object];
    case 'index':
      return [node.object, node.index];
    case 'call':
      return [...(node.receiver === null ? [] : [node.receiver]), ...node.args];
    case 'list':
      return node.items;
    case 'object':
      return node.entries.map((entry) => entry.value);
    case 'unary':
      return [node.operand];
    default:
      return [node.left, node.right];
  }
}
