import { EvaluationError } from '../evaluate/evaluation-error';
import { booleanValue, listValue, stringValue, type BaseValue } from '../values/base-value';
import { valueToText } from '../values/value-text';
import { numberArgument, requiredArgument, spreadArguments, textArgument } from './arguments';
import type { Invocation } from './invocation';
import type { MethodTable, ValueOf } from './method';
import { regExpOver } from './regexp-over';
import { assertTextLength } from '../values/text-length';

/**
 * String methods (the functions page, "String"), with JavaScript's semantics. A null needle is
 * absent, not the empty string: `"abc".contains(null)` is false, as are `startsWith(null)`,
 * `endsWith(null)` and a `containsAll()` naming null. Text these methods build is capped
 * (`assertTextLength`).
 */
export const STRING_METHODS: MethodTable<ValueOf<'string'>> = {
  contains: ({ value }, call) => booleanValue(holds(requiredArgument(call, 0), (part) => value.includes(part))),
  containsAll: ({ value }, call) => booleanValue(spreadValues(call).every((part) => holds(part, (text) => value.includes(text)))),
  containsAny: ({ value }, call) => booleanValue(spreadValues(call).some((part) => holds(part, (text) => value.includes(text)))),
  startsWith: ({ value }, call) => booleanValue(holds(requiredArgument(call, 0), (part) => value.startsWith(part))),
  endsWith: ({ value }, call) => booleanValue(holds(requiredArgument(call, 0), (part) => value.endsWith(part))),
  lower: ({ value }) => stringValue(value.toLowerCase()),
  title: ({ value }) => stringValue(value.replace(/(^|\s)(\S)/g, (_match, space: string, letter: string) => space + letter.toUpperCase())),
  trim: ({ value }) => stringValue(value.trim()),
  replace: ({ value }, call) => stringValue(replace(value, call)),
  repeat: ({ value }, call) => stringValue(repeat(value, call)),
  reverse: ({ value }) => stringValue([...value].reverse().join('')),
  slice: ({ value }, call) => stringValue(value.slice(numberArgument(call, 0), optionalEnd(call))),
  split: ({ value }, call) => listValue(split(value, call).map(stringValue)),
};

function spreadValues(call: Invocation): BaseValue[] {
  if (call.args().length === 0) throw new EvaluationError(`${call.label} needs at least one value`);
  return spreadArguments(call);
}

/** `test` on the text of `needle`; false for null. */
function holds(needle: BaseValue, test: (text: string) => boolean): boolean {
  return needle.kind !== 'null' && test(valueToText(needle));
}

function repeat(text: string, call: Invocation): string {
  const count = countArgument(call);
  assertTextLength(text.length * count, call.label);
  return text.repeat(count);
}

function optionalEnd(call: Invocation): number | undefined {
  return call.args().length > 1 ? numberArgument(call, 1) : undefined;
}

/** A string pattern replaces every occurrence literally; a regexp follows its `g` flag. */
function replace(text: string, call: Invocation): string {
  const pattern = requiredArgument(call, 0);
  const replacement = textArgument(call, 1);
  if (pattern.kind === 'regexp') return replaceMatches(text, regExpOver(pattern, text, call.label), replacement, call.label);
  const parts = text.split(valueToText(pattern));
  assertTextLength(text.length + (parts.length - 1) * (replacement.length - valueToText(pattern).length), call.label);
  return parts.join(replacement);
}

/** Bounds the result before replacing: each match may insert the replacement, `$&` the match again. */
function replaceMatches(text: string, pattern: RegExp, replacement: string, label: string): string {
  const matches = pattern.global ? (text.match(pattern)?.length ?? 0) : 1;
  assertTextLength(text.length + matches * replacement.length * (replacement.includes('$') ? text.length + 1 : 1), label);
  return text.replace(pattern, replacement);
}

function split(text: string, call: Invocation): string[] {
  const separator = requiredArgument(call, 0);
  const limit = call.args().length > 1 ? numberArgument(call, 1) : undefined;
  return text.split(separator.kind === 'regexp' ? regExpOver(separator, text, call.label) : valueToText(separator), limit);
}

function countArgument(call: Invocation): number {
  const count = numberArgument(call, 0);
  if (!Number.isInteger(count) || count < 0 || count > 10_000) throw new EvaluationError(`${call.label} expects a whole count from 0 to 10000, got ${count}`);
  return count;
}
