import { durationMilliseconds } from '../dates/duration';
import { EvaluationError } from '../evaluate/evaluation-error';
import { NULL_VALUE, type BaseValue } from '../values/base-value';
import { ANY_METHODS } from './any-methods';
import { DATE_METHODS } from './date-methods';
import { FILE_METHODS } from './file-methods';
import type { Invocation } from './invocation';
import { LINK_METHODS } from './link-methods';
import { LIST_METHODS } from './list-methods';
import type { MethodTable } from './method';
import { NUMBER_METHODS } from './number-methods';
import { OBJECT_METHODS } from './object-methods';
import { REGEXP_METHODS } from './regexp-methods';
import { STRING_METHODS } from './string-methods';

const KIND_TABLES: readonly MethodTable<never>[] = [STRING_METHODS, NUMBER_METHODS, DATE_METHODS, LIST_METHODS, OBJECT_METHODS, LINK_METHODS, FILE_METHODS, REGEXP_METHODS];

/** Every method name of every type: a name outside it is `base_unsupported`. */
export const METHOD_NAMES: ReadonlySet<string> = new Set([...KIND_TABLES, ANY_METHODS].flatMap((table) => Object.keys(table)));

/** The methods a file has (`file.hasTag()`), for checking `file.<method>()` before running. */
export const FILE_METHOD_NAMES: ReadonlySet<string> = new Set([...Object.keys(FILE_METHODS), ...Object.keys(ANY_METHODS)]);

/**
 * Calls `receiver.name(...)`. The receiver's own type is tried first, then the methods of any
 * value. A duration takes the number methods on its milliseconds (`(now() - file.ctime)` is the
 * millisecond difference, so `.round()` and `.toFixed()` apply). A method on null gives null (so `missing.lower()` is null) except the methods of any
 * value (`missing.isEmpty()` is true). A known method on a type that lacks it fails the
 * evaluation (`(5).lower()`).
 */
export function callMethod(receiver: BaseValue, name: string, call: Invocation): BaseValue {
  const result = kindMethod(receiver, name, call) ?? invoke(ANY_METHODS, receiver, name, call);
  if (result !== undefined) return result;
  if (receiver.kind === 'null') return NULL_VALUE;
  throw new EvaluationError(`a ${receiver.kind} has no method ${name}()`);
}

function kindMethod(receiver: BaseValue, name: string, call: Invocation): BaseValue | undefined {
  switch (receiver.kind) {
    case 'string':
      return invoke(STRING_METHODS, receiver, name, call);
    case 'number':
      return invoke(NUMBER_METHODS, receiver, name, call);
    case 'date':
      return invoke(DATE_METHODS, receiver, name, call);
    case 'list':
      return invoke(LIST_METHODS, receiver, name, call);
    case 'object':
      return invoke(OBJECT_METHODS, receiver, name, call);
    case 'file':
      return invoke(FILE_METHODS, receiver, name, call);
    case 'regexp':
      return invoke(REGEXP_METHODS, receiver, name, call);
    case 'link':
      return invoke(LINK_METHODS, receiver, name, call) ?? invoke(STRING_METHODS, { kind: 'string', value: receiver.linktext }, name, call);
    case 'duration':
      return invoke(NUMBER_METHODS, { kind: 'number', value: durationMilliseconds(receiver) }, name, call);
    default:
      return undefined;
  }
}

function invoke<Receiver extends BaseValue>(table: MethodTable<Receiver>, receiver: Receiver, name: string, call: Invocation): BaseValue | undefined {
  return Object.hasOwn(table, name) ? table[name]?.(receiver, call) : undefined;
}

