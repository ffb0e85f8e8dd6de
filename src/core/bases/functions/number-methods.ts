import { EvaluationError } from '../evaluate/evaluation-error';
import { numberValue, stringValue } from '../values/base-value';
import { numberArgument } from './arguments';
import type { MethodTable, ValueOf } from './method';

/** Number methods (the functions page, "Number"). */
export const NUMBER_METHODS: MethodTable<ValueOf<'number'>> = {
  abs: ({ value }) => numberValue(Math.abs(value)),
  ceil: ({ value }) => numberValue(Math.ceil(value)),
  floor: ({ value }) => numberValue(Math.floor(value)),
  round: ({ value }, call) => numberValue(roundTo(value, digitsArgument(numberArgument(call, 0, 0), call.label))),
  toFixed: ({ value }, call) => stringValue(value.toFixed(digitsArgument(numberArgument(call, 0), call.label))),
};

/** Rounds to `digits` decimals as `Math.round` does: halves go up (`2.5` → 3, `-2.5` → -2). */
function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function digitsArgument(digits: number, label: string): number {
  if (!Number.isInteger(digits) || digits < 0 || digits > 100) throw new EvaluationError(`${label} expects a whole number of digits from 0 to 100, got ${digits}`);
  return digits;
}
