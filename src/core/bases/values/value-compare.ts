import { compareCodeUnits } from '../../ops/compare';
import { durationMilliseconds } from '../dates/duration';
import { parseDateText } from '../dates/parse-date';
import type { BaseValue } from './base-value';
import { parseDecimal } from './parse-decimal';
import { valueToText } from './value-text';

/**
 * The order `<`, `>`, `<=` and `>=` use: numbers, strings (by UTF-16 code units), dates,
 * durations and booleans against their own kind; a string against a number is read as a
 * decimal number and against a date as a date; links compare by their text. Returns null when
 * the two cannot be ordered (null on either side, a string that is not a decimal, a list), which makes every
 * relational operator false, so `rating > 0` never matches a note without a rating.
 */
export function compareValues(a: BaseValue, b: BaseValue): number | null {
  if (a.kind === 'null' || b.kind === 'null') return null;
  const left = scalarOf(a, b);
  const right = scalarOf(b, a);
  if (left === null || right === null || typeof left !== typeof right) return null;
  if (typeof left === 'string' && typeof right === 'string') return compareCodeUnits(left, right);
  if (Number.isNaN(left) || Number.isNaN(right)) return null;
  return Math.sign(Number(left) - Number(right));
}

/** The number or string `value` is compared as, given what it is compared with. */
function scalarOf(value: BaseValue, other: BaseValue): number | string | null {
  switch (value.kind) {
    case 'number':
      return value.value;
    case 'boolean':
      return value.value ? 1 : 0;
    case 'date':
      return value.time;
    case 'duration':
      return durationMilliseconds(value);
    case 'string':
      return stringScalar(value.value, other);
    case 'link':
      return valueToText(value);
    default:
      return null;
  }
}

function stringScalar(text: string, other: BaseValue): number | string | null {
  if (other.kind === 'number' || other.kind === 'duration') return parseDecimal(text);
  if (other.kind === 'date') return parseDateText(text)?.time ?? null;
  return text;
}
