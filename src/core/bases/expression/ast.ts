import type { BaseValue } from '../values/base-value';

/** Binary operators, loosest last: `* / %`, `+ -`, `< > <= >=`, `== !=`. */
export type BinaryOperator = '+' | '-' | '*' | '/' | '%' | '==' | '!=' | '<' | '>' | '<=' | '>=';

/**
 * A parsed Bases expression. `start` is the 0-based offset where the node begins, for error
 * messages. A call with a null `receiver` is a global function (`now()`); otherwise a method
 * (`file.hasTag("x")` has receiver `file` and name `hasTag`).
 */
export type ExpressionNode =
  | { type: 'literal'; value: BaseValue; start: number }
  | { type: 'identifier'; name: string; start: number }
  | { type: 'member'; object: ExpressionNode; name: string; start: number }
  | { type: 'index'; object: ExpressionNode; index: ExpressionNode; start: number }
  | { type: 'call'; receiver: ExpressionNode | null; name: string; args: ExpressionNode[]; start: number }
  | { type: 'list'; items: ExpressionNode[]; start: number }
  | { type: 'object'; entries: { key: string; value: ExpressionNode }[]; start: number }
  | { type: 'unary'; operator: '!' | '-' | '+'; operand: ExpressionNode; start: number }
  | { type: 'binary'; operator: BinaryOperator; left: ExpressionNode; right: ExpressionNode; start: number }
  | { type: 'logical'; operator: '&&' | '||'; left: ExpressionNode; right: ExpressionNode; start: number };
