import { EvaluationError } from '../evaluate/evaluation-error';
import { booleanValue, listValue, stringValue, type BaseValue } from '../values/base-value';
import { valueToText } from '../values/value-text';
import { numberArgument, requiredArgument, spreadArguments, textArgument } from './arguments';
import type { Invocation } from './invocation';
import type { MethodTable, ValueOf } from './method';

/** String methods (the functions page, "String"), with JavaScript's semantics. */
export const STRING_METHODS: MethodTable<ValueOf<'string'>> = {
  contains: ({ value }, call) => booleanValue(value.includes(textArgument(call, 0))),
  containsAll: ({ value }, call) => booleanValue(spreadTexts(call).every((part) => value.includes(part))),
  containsAny: ({ value }, call) => booleanValue(spreadTexts(call).some((part) => value.includes(part))),
  startsWith: ({ value }, call) => booleanValue(value.startsWith(textArgument(call, 0))),
  endsWith: ({ value }, call) => booleanValue(value.endsWith(textArgument(call, 0))),
  lower: ({ value }) => stringValue(value.toLowerCase()),
  title: ({ value }) => stringValue(value.replace(/(^|\s)(\S)/g, (_match, space: string, letter: string) => space + letter.toUpperCase())),
  trim: ({ value }) => stringValue(value.trim()),
  replace: ({ value }, call) => stringValue(replace(value, call)),
  repeat: ({ value }, call) => stringValue(value.repeat(countArgument(call))),
  reverse: ({ value }) => stringValue([...value].reverse().join('')),
  slice: ({ value }, call) => stringValue(value.slice(numberArgument(call, 0), optionalEnd(call))),
  split: ({ value }, call) => listValue(split(value, call).map(stringValue)),
};

function spreadTexts(call: Invocation): string[] {
  if (call.args().length === 0) throw new EvaluationError(`${call.label} needs at least one value`);
  return spreadArguments(call).map(valueToText);
}

function optionalEnd(call: Invocation): number | undefined {
  return call.args().length > 1 ? numberArgument(call, 1) : undefined;
}

/** A string pattern replaces every occurrence literally; a regexp follows its `g` flag. */
function replace(text: string, call: Invocation): string {
  const pattern = requiredArgument(call, 0);
  const replacement = textArgument(call, 1);
  if (pattern.kind === 'regexp') return text.replace(new RegExp(pattern.source, pattern.flags), replacement);
  return text.split(valueToText(pattern)).join(replacement);
}

function split(text: string, call: Invocation): string[] {
  const separator = requiredArgument(call, 0);
  const limit = call.args().length > 1 ? numberArgument(call, 1) : undefined;
  return text.split(asSeparator(separator), limit);
}

function asSeparator(separator: BaseValue): string | RegExp {
  return separator.kind === 'regexp' ? new RegExp(separator.source, separator.flags) : valueToText(separator);
}

function countArgument(call: Invocation): number {
  const count = numberArgument(call, 0);
  if (!Number.isInteger(count) || count < 0 || count > 10_000) throw new EvaluationError(`${call.label} expects a whole count from 0 to 10000, got ${count}`);
  return count;
}
