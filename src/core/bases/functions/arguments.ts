import { EvaluationError } from '../evaluate/evaluation-error';
import { NULL_VALUE, type BaseValue } from '../values/base-value';
import { valueToText } from '../values/value-text';
import type { Invocation } from './invocation';

/**
 * Reading arguments. A missing required argument or one of the wrong type is an
 * `EvaluationError` naming the call, so the cell or filter fails visibly instead of guessing.
 */

/** Argument `index`, or null when it was not given. */
export function argumentAt(call: Invocation, index: number): BaseValue {
  return call.args()[index] ?? NULL_VALUE;
}

/** Argument `index`; fails when it was not given. */
export function requiredArgument(call: Invocation, index: number): BaseValue {
  const value = call.args()[index];
  if (value === undefined) throw new EvaluationError(`${call.label} needs at least ${index + 1} argument${index === 0 ? '' : 's'}`);
  return value;
}

/** Argument `index` as text (`toString()`); null reads as `""`. */
export function textArgument(call: Invocation, index: number): string {
  return valueToText(requiredArgument(call, index));
}

/** Argument `index` as a number; `fallback` when absent or null (required when no fallback). */
export function numberArgument(call: Invocation, index: number, fallback?: number): number {
  const value = call.args()[index];
  if ((value === undefined || value.kind === 'null') && fallback !== undefined) return fallback;
  if (value?.kind !== 'number') throw new EvaluationError(`${call.label} expects a number as argument ${index + 1}, got ${value === undefined ? 'nothing' : value.kind}`);
  return value.value;
}

/** All arguments, with list arguments spread one level (`containsAny(this.topics)`). */
export function spreadArguments(call: Invocation): BaseValue[] {
  return call.args().flatMap((value) => (value.kind === 'list' ? [...value.items] : [value]));
}
