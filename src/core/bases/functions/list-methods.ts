import { EvaluationError } from '../evaluate/evaluation-error';
import { withLocals } from '../evaluate/scope';
import { booleanValue, listValue, numberValue, stringValue, type BaseValue } from '../values/base-value';
import { valuesEqual } from '../values/value-equality';
import { compareForSort } from '../values/value-sort-order';
import { isTruthy } from '../values/value-truthy';
import { assertTextLength } from '../values/text-length';
import { valueToText } from '../values/value-text';
import { numberArgument, requiredArgument, spreadArguments } from './arguments';
import type { Invocation } from './invocation';
import type { MethodTable, ValueOf } from './method';

/**
 * List methods (the functions page, "List"). `filter()`, `map()` and `reduce()` evaluate their
 * expression once per item with `value` and `index` (and `acc`) bound; `contains()` compares
 * with `==`; `containsAny()`/`containsAll()` spread list arguments; `flat()` flattens one level
 * as JavaScript does; `sort()` uses the view sort order; nothing mutates the receiver.
 */
export const LIST_METHODS: MethodTable<ValueOf<'list'>> = {
  contains: ({ items }, call) => booleanValue(includes(items, requiredArgument(call, 0))),
  containsAll: ({ items }, call) => booleanValue(spreadValues(call).every((value) => includes(items, value))),
  containsAny: ({ items }, call) => booleanValue(spreadValues(call).some((value) => includes(items, value))),
  flat: ({ items }) => listValue(items.flatMap((item) => (item.kind === 'list' ? item.items : [item]))),
  join: ({ items }, call) => stringValue(join(items, call)),
  reverse: ({ items }) => listValue([...items].reverse()),
  slice: ({ items }, call) => listValue(items.slice(numberArgument(call, 0), call.args().length > 1 ? numberArgument(call, 1) : undefined)),
  sort: ({ items }) => listValue([...items].sort(compareForSort)),
  unique: ({ items }) => listValue(items.filter((item, index) => items.findIndex((other) => valuesEqual(item, other)) === index)),
  filter: ({ items }, call) => listValue(items.filter((value, index) => isTruthy(perItem(call, 'filter', { value, index: numberValue(index) })))),
  map: ({ items }, call) => listValue(items.map((value, index) => perItem(call, 'map', { value, index: numberValue(index) }))),
  reduce: ({ items }, call) => reduce(items, call),
};

function join(items: readonly BaseValue[], call: Invocation): string {
  const separator = call.args().length === 0 ? ',' : valueToText(requiredArgument(call, 0));
  const texts = items.map(valueToText);
  assertTextLength(texts.reduce((total, text) => total + text.length, 0) + separator.length * Math.max(texts.length - 1, 0), call.label);
  return texts.join(separator);
}

function includes(items: readonly BaseValue[], value: BaseValue): boolean {
  return items.some((item) => valuesEqual(item, value));
}

function spreadValues(call: Invocation): BaseValue[] {
  if (call.args().length === 0) throw new EvaluationError(`${call.label} needs at least one value`);
  return spreadArguments(call);
}

function perItem(call: Invocation, name: string, locals: Record<string, BaseValue>): BaseValue {
  const expression = call.nodes[0];
  if (expression === undefined) throw new EvaluationError(`.${name}() needs an expression using value and index, e.g. .${name}(value > 2)`);
  return call.evaluate(expression, withLocals(call.scope, locals));
}

function reduce(items: readonly BaseValue[], call: Invocation): BaseValue {
  const initial = call.nodes[1];
  if (initial === undefined) throw new EvaluationError('.reduce() needs an expression and a starting value, e.g. .reduce(acc + value, 0)');
  let acc = call.evaluate(initial, call.scope);
  items.forEach((value, index) => {
    acc = perItem(call, 'reduce', { value, index: numberValue(index), acc });
  });
  return acc;
}
