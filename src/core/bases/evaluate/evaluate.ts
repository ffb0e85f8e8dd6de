import { callMethod } from '../functions/call-method';
import { GLOBAL_FUNCTIONS } from '../functions/global-functions';
import { createInvocation } from '../functions/invocation';
import type { ExpressionNode } from '../expression/ast';
import { booleanValue, fileValue, listValue, NULL_VALUE, objectValue, stringValue, type BaseValue } from '../values/base-value';
import { isTruthy } from '../values/value-truthy';
import { EvaluationError } from './evaluation-error';
import { applyBinary, applyUnary } from './operators';
import { readMember } from './read-member';
import type { RowScope } from './scope';

/**
 * Evaluates an expression for one row. Names resolve as the Bases syntax page describes: `file`
 * is the row's file, `this` the file the base is shown for (`this.file` that file,
 * `this.note.x` and `this.x` its note properties, as `file` and `x` for a row; `this` alone
 * compares as that file), `note` the row's properties,
 * `formula.x` a formula of the base (computed once per row, cycles rejected), and any other
 * name a note property (null when the note lacks it). Inside `filter()`, `map()` and
 * `reduce()`, `value`, `index` and `acc` come first. Throws `EvaluationError`.
 */
export function evaluate(node: ExpressionNode, scope: RowScope): BaseValue {
  switch (node.type) {
    case 'literal':
      return node.value;
    case 'identifier':
      return readIdentifier(node.name, scope);
    case 'member':
      return readNamespaced(node.object, node.name, scope) ?? readMember(evaluate(node.object, scope), node.name, scope);
    case 'index':
      return evaluateIndex(node.object, evaluate(node.index, scope), scope);
    case 'call':
      return evaluateCall(node, scope);
    case 'list':
      return listValue(node.items.map((item) => evaluate(item, scope)));
    case 'object':
      return objectValue(node.entries.map(({ key, value }) => [key, evaluate(value, scope)] as const));
    case 'unary':
      return applyUnary(node.operator, evaluate(node.operand, scope));
    case 'binary':
      return applyBinary(node.operator, evaluate(node.left, scope), evaluate(node.right, scope));
    case 'logical':
      return evaluateLogical(node.operator, node.left, node.right, scope);
  }
}

function readIdentifier(name: string, scope: RowScope): BaseValue {
  const local = scope.locals.get(name);
  if (local !== undefined) return local;
  if (name === 'file') return fileValue(scope.path);
  if (name === 'this') return fileValue(scope.context.thisPath);
  if (name === 'note') return objectValue(scope.context.snapshot.properties(scope.path));
  if (name === 'formula') throw new EvaluationError('"formula" must be followed by a formula name, as in formula.total');
  return scope.context.snapshot.properties(scope.path).get(name) ?? NULL_VALUE;
}

/** `formula.x`, `note.x` and `this.x` (also `formula["x"]`...); undefined for other members. */
function readNamespaced(object: ExpressionNode, name: string, scope: RowScope): BaseValue | undefined {
  if (object.type !== 'identifier' || scope.locals.has(object.name)) return undefined;
  if (object.name === 'formula') return readFormula(name, scope);
  if (object.name === 'note') return scope.context.snapshot.properties(scope.path).get(name) ?? NULL_VALUE;
  if (object.name === 'this') return readThis(name, scope);
  return undefined;
}

/** `this.file` is the file; `this.note` and any other name read its note properties. */
function readThis(name: string, scope: RowScope): BaseValue {
  const { snapshot, thisPath } = scope.context;
  if (name === 'file') return fileValue(thisPath);
  if (name === 'note') return objectValue(snapshot.properties(thisPath));
  return snapshot.properties(thisPath).get(name) ?? NULL_VALUE;
}

function readFormula(name: string, scope: RowScope): BaseValue {
  const known = scope.formulaValues.get(name);
  if (known !== undefined) return known;
  const node = scope.context.formulas.get(name);
  if (node === undefined) throw new EvaluationError(`the base has no formula "${name}"`);
  if (scope.evaluating.has(name)) throw new EvaluationError(`formula "${name}" refers to itself through ${[...scope.evaluating].join(' → ')}`);
  scope.evaluating.add(name);
  try {
    const value = evaluate(node, { ...scope, locals: new Map() });
    scope.formulaValues.set(name, value);
    return value;
  } finally {
    scope.evaluating.delete(name);
  }
}

function evaluateIndex(objectNode: ExpressionNode, index: BaseValue, scope: RowScope): BaseValue {
  if (index.kind === 'string') {
    const namespaced = readNamespaced(objectNode, index.value, scope);
    if (namespaced !== undefined) return namespaced;
  }
  const object = evaluate(objectNode, scope);
  if (object.kind === 'null' || index.kind === 'null') return NULL_VALUE;
  if (index.kind === 'number') return itemAt(object, index.value);
  if (index.kind === 'string') return readMember(object, index.value, scope);
  throw new EvaluationError(`cannot index a ${object.kind} with a ${index.kind}`);
}

/** `list[i]` (0-based; null outside the list) and `string[i]` (one character). */
function itemAt(object: BaseValue, position: number): BaseValue {
  if (object.kind === 'list') return object.items[position] ?? NULL_VALUE;
  if (object.kind === 'string') return position >= 0 && position < object.value.length ? stringValue(object.value.charAt(position)) : NULL_VALUE;
  throw new EvaluationError(`cannot take item ${position} of a ${object.kind}`);
}

function evaluateCall(node: Extract<ExpressionNode, { type: 'call' }>, scope: RowScope): BaseValue {
  if (node.receiver === null) {
    const globalFunction = Object.hasOwn(GLOBAL_FUNCTIONS, node.name) ? GLOBAL_FUNCTIONS[node.name] : undefined;
    if (globalFunction === undefined) throw new EvaluationError(`unknown function ${node.name}()`);
    return globalFunction(createInvocation(`${node.name}()`, node.args, scope, evaluate));
  }
  const receiver = evaluate(node.receiver, scope);
  return callMethod(receiver, node.name, createInvocation(`.${node.name}()`, node.args, scope, evaluate));
}

function evaluateLogical(operator: '&&' | '||', left: ExpressionNode, right: ExpressionNode, scope: RowScope): BaseValue {
  const first = isTruthy(evaluate(left, scope));
  if (operator === '&&' ? !first : first) return booleanValue(first);
  return booleanValue(isTruthy(evaluate(right, scope)));
}
