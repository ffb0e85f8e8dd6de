import { addDuration, durationMilliseconds, normalizeDuration, parseDuration } from '../dates/duration';
import { parseDateText } from '../dates/parse-date';
import type { BinaryOperator } from '../expression/ast';
import { booleanValue, durationValue, NULL_VALUE, numberValue, stringValue, type BaseValue, type DateValue, type DurationValue } from '../values/base-value';
import { compareValues } from '../values/value-compare';
import { valuesEqual } from '../values/value-equality';
import { isTruthy } from '../values/value-truthy';
import { valueToText } from '../values/value-text';
import { EvaluationError } from './evaluation-error';

/**
 * The operators of the Bases syntax page. Arithmetic with null gives null (except joining text);
 * `+` joins text when either side is a string; dates take durations or duration strings
 * (`date + "1M"`), and two dates subtract to a duration; a duration scales by a number on its
 * right (`duration("5h") * 2`, not `2 * duration("5h")`). Other mixes fail the evaluation.
 */
export function applyBinary(operator: BinaryOperator, left: BaseValue, right: BaseValue): BaseValue {
  switch (operator) {
    case '==':
      return booleanValue(valuesEqual(left, right));
    case '!=':
      return booleanValue(!valuesEqual(left, right));
    case '<':
    case '>':
    case '<=':
    case '>=':
      return booleanValue(holds(operator, compareValues(left, right)));
    case '+':
      return add(left, right);
    case '-':
      return subtract(left, right);
    default:
      return multiply(operator, left, right);
  }
}

/** `!`, unary `-` (numbers and durations) and unary `+` (numbers). */
export function applyUnary(operator: '!' | '-' | '+', value: BaseValue): BaseValue {
  if (operator === '!') return booleanValue(!isTruthy(value));
  if (value.kind === 'null') return NULL_VALUE;
  if (value.kind === 'number') return numberValue(operator === '-' ? -value.value : value.value);
  if (value.kind === 'duration' && operator === '-') return durationValue(-value.months, -value.milliseconds);
  throw new EvaluationError(`cannot apply unary ${operator} to a ${value.kind}`);
}

function holds(operator: '<' | '>' | '<=' | '>=', order: number | null): boolean {
  if (order === null) return false;
  return { '<': order < 0, '>': order > 0, '<=': order <= 0, '>=': order >= 0 }[operator];
}

function add(left: BaseValue, right: BaseValue): BaseValue {
  if (left.kind === 'number' && right.kind === 'number') return numberValue(left.value + right.value);
  const shifted = left.kind === 'date' ? shiftDate(left, right, 1) : right.kind === 'date' ? shiftDate(right, left, 1) : null;
  if (shifted !== null) return shifted;
  if (left.kind === 'duration' && right.kind === 'duration') return normalizeDuration(left.months + right.months, left.milliseconds + right.milliseconds);
  if (left.kind === 'string' || right.kind === 'string') return stringValue(valueToText(left) + valueToText(right));
  if (left.kind === 'null' || right.kind === 'null') return NULL_VALUE;
  throw mismatch('+', left, right);
}

function subtract(left: BaseValue, right: BaseValue): BaseValue {
  if (left.kind === 'null' || right.kind === 'null') return NULL_VALUE;
  if (left.kind === 'number' && right.kind === 'number') return numberValue(left.value - right.value);
  if (left.kind === 'date') return subtractFromDate(left, right);
  if (left.kind === 'duration' && right.kind === 'duration') return normalizeDuration(left.months - right.months, left.milliseconds - right.milliseconds);
  throw mismatch('-', left, right);
}

function subtractFromDate(left: DateValue, right: BaseValue): BaseValue {
  const shifted = shiftDate(left, right, -1);
  if (shifted !== null) return shifted;
  const other = right.kind === 'date' ? right : right.kind === 'string' ? parseDateText(right.value) : null;
  if (other === null) throw mismatch('-', left, right);
  return durationValue(0, left.time - other.time);
}

/** `date ± duration`, the duration given as a value or a string such as `"1M"`; null otherwise. */
function shiftDate(date: DateValue, amount: BaseValue, sign: 1 | -1): DateValue | null {
  const duration = amount.kind === 'duration' ? amount : amount.kind === 'string' ? parseDuration(amount.value) : null;
  return duration === null ? null : addDuration(date, duration, sign);
}

function multiply(operator: '*' | '/' | '%', left: BaseValue, right: BaseValue): BaseValue {
  if (left.kind === 'null' || right.kind === 'null') return NULL_VALUE;
  if (left.kind === 'number' && right.kind === 'number') return numberValue(arithmetic(operator, left.value, right.value));
  if (left.kind === 'duration' && right.kind === 'number' && operator !== '%') return scale(left, operator === '*' ? right.value : 1 / right.value);
  if (left.kind === 'duration' && right.kind === 'duration' && operator === '/') return numberValue(durationMilliseconds(left) / durationMilliseconds(right));
  throw mismatch(operator, left, right);
}

function arithmetic(operator: '*' | '/' | '%', a: number, b: number): number {
  if (operator === '*') return a * b;
  return operator === '/' ? a / b : a % b;
}

function scale(duration: DurationValue, factor: number): DurationValue {
  return normalizeDuration(duration.months * factor, duration.milliseconds * factor);
}

function mismatch(operator: string, left: BaseValue, right: BaseValue): EvaluationError {
  const hint = right.kind === 'duration' && left.kind === 'number' ? ' (put the duration on the left: duration("5h") * 2)' : '';
  return new EvaluationError(`cannot compute ${left.kind} ${operator} ${right.kind}${hint}`);
}
