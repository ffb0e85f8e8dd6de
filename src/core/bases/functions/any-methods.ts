import { EvaluationError } from '../evaluate/evaluation-error';
import { booleanValue, stringValue, type BaseValue } from '../values/base-value';
import { isTruthy } from '../values/value-truthy';
import { valueToText } from '../values/value-text';
import { textArgument } from './arguments';
import { isEmptyValue } from './is-empty';
import type { MethodTable } from './method';

/** The type names `isType()` accepts, one per kind of value. */
const TYPE_NAMES: readonly string[] = ['null', 'string', 'number', 'boolean', 'date', 'duration', 'list', 'object', 'link', 'file', 'regexp', 'html', 'icon', 'image'];

/** Methods of every value, null included (the functions page, "Any"; `isEmpty()` of each type). */
export const ANY_METHODS: MethodTable<BaseValue> = {
  isTruthy: (receiver) => booleanValue(isTruthy(receiver)),
  isType: (receiver, call) => booleanValue(receiver.kind === knownTypeName(textArgument(call, 0))),
  toString: (receiver: BaseValue) => stringValue(valueToText(receiver)),
  isEmpty: (receiver) => booleanValue(isEmptyValue(receiver)),
};

function knownTypeName(name: string): string {
  if (!TYPE_NAMES.includes(name)) throw new EvaluationError(`isType() knows the types ${TYPE_NAMES.join(', ')}, not "${name}"`);
  return name;
}
