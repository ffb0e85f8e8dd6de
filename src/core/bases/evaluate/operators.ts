import { addDuration, durationMilliseconds, normalizeDuration, parseDuration } from '../dates/duration';
import { parseDateText } from '../dates/parse-date';
import type { BinaryOperator } from '../expression/ast';
import { booleanValue, durationValue, NULL_VALUE, numberValue, stringValue, type BaseValue, type DateValue, type DurationValue } from '../values/base-value';
import { compareValues } from '../values/value-compare';
import { valuesEqual } from '../values/value-equality';
import { isTruthy } from '../values/value-truthy';
import { valueToText } from '../values/value-text';
import { assertTextLength } from '../values/text-length';
import { EvaluationError } from './evaluation-error';

/**
 * The operators of the Bases syntax page. Arithmetic with null gives null (except joining text);
 * `+` joins text when either side is a string (`"2 days " + date` is text); a date on the left
 * takes durations or duration strings (`date + "1M"`), and two dates subtract to a duration
 * that is also their millisecond difference ("`(now() + "1d") - now()` returns `86400000`"):
 * it keeps `.days` and friends, and wherever it meets a plain number (`+ 5`, `/ 86400000`,
 * `2 *`) it is read as its milliseconds and the result is a number. A duration scales by a
 * number on its right (`duration("5h") * 2` is a duration). Other mixes fail the evaluation.
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

/** `!`, unary `-` (numbers and durations) and unary `+` (numbers; a duration gives its milliseconds). */
export function applyUnary(operator: '!' | '-' | '+', value: BaseValue): BaseValue {
  if (operator === '!') return booleanValue(!isTruthy(value));
  if (value.kind === 'null') return NULL_VALUE;
  if (value.kind === 'number') return numberValue(operator === '-' ? -value.value : value.value);
  if (value.kind === 'duration') return operator === '-' ? durationValue(-value.months, -value.milliseconds) : numberValue(durationMilliseconds(value));
  throw new EvaluationError(`cannot apply unary ${operator} to a ${value.kind}`);
}

function holds(operator: '<' | '>' | '<=' | '>=', order: number | null): boolean {
  if (order === null) return false;
  return { '<': order < 0, '>': order > 0, '<=': order <= 0, '>=': order >= 0 }[operator];
}

function add(left: BaseValue, right: BaseValue): BaseValue {
  if (left.kind === 'number' && right.kind === 'number') return numberValue(left.value + right.value);
  // A date on the right shifts only by a duration value: a string on the left is text to join.
  const shifted = left.kind === 'date' ? shiftDate(left, right, 1) : right.kind === 'date' && left.kind === 'duration' ? addDuration(right, left, 1) : null;
  if (shifted !== null) return shifted;
  if (left.kind === 'duration' && right.kind === 'duration') return normalizeDuration(left.months + right.months, left.milliseconds + right.milliseconds);
  if (left.kind === 'string' || right.kind === 'string') return joinText(left, right);
  if (left.kind === 'null' || right.kind === 'null') return NULL_VALUE;
  return numeric('+', left, right, (a, b) => a + b);
}

function subtract(left: BaseValue, right: BaseValue): BaseValue {
  if (left.kind === 'null' || right.kind === 'null') return NULL_VALUE;
  if (left.kind === 'number' && right.kind === 'number') return numberValue(left.value - right.value);
  if (left.kind === 'date') return subtractFromDate(left, right);
  if (left.kind === 'duration' && right.kind === 'duration') return normalizeDuration(left.months - right.months, left.milliseconds - right.milliseconds);
  return numeric('-', left, right, (a, b) => a - b);
}

/** Arithmetic between a number and a duration read as its milliseconds; other mixes fail. */
function numeric(operator: string, left: BaseValue, right: BaseValue, compute: (a: number, b: number) => number): BaseValue {
  const [a, b] = [numberOf(left), numberOf(right)];
  if (a === null || b === null || (left.kind !== 'number' && right.kind !== 'number')) throw mismatch(operator, left, right);
  return numberValue(compute(a, b));
}

function numberOf(value: BaseValue): number | null {
  if (value.kind === 'number') return value.value;
  return value.kind === 'duration' ? durationMilliseconds(value) : null;
}

/** `a + b` as text, refused past the text length limit so a formula cannot exhaust memory. */
function joinText(left: BaseValue, right: BaseValue): BaseValue {
  const [a, b] = [valueToText(left), valueToText(right)];
  assertTextLength(a.length + b.length, '+');
  return stringValue(a + b);
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
  return numeric(operator, left, right, (a, b) => arithmetic(operator, a, b));
}

function arithmetic(operator: '*' | '/' | '%', a: number, b: number): number {
  if (operator === '*') return a * b;
  return operator === '/' ? a / b : a % b;
}

function scale(duration: DurationValue, factor: number): DurationValue {
  return normalizeDuration(duration.months * factor, duration.milliseconds * factor);
}

function mismatch(operator: string, left: BaseValue, right: BaseValue): EvaluationError {
  return new EvaluationError(`cannot compute ${left.kind} ${operator} ${right.kind}`);
}
