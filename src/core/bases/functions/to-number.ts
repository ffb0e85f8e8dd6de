import { durationMilliseconds } from '../dates/duration';
import { EvaluationError } from '../evaluate/evaluation-error';
import { NULL_VALUE, numberValue, type BaseValue } from '../values/base-value';
import { parseDecimal } from '../values/parse-decimal';

/**
 * `number()`: numbers as they are, booleans 1 or 0, dates their milliseconds since the epoch,
 * durations their milliseconds, strings read as decimals (`parseDecimal`: an error for text that
 * is not one, `0x10` and `Infinity` included), null stays null; other values are an error.
 */
export function toNumber(value: BaseValue): BaseValue {
  switch (value.kind) {
    case 'number':
    case 'null':
      return value.kind === 'null' ? NULL_VALUE : value;
    case 'boolean':
      return numberValue(value.value ? 1 : 0);
    case 'date':
      return numberValue(value.time);
    case 'duration':
      return numberValue(durationMilliseconds(value));
    case 'string':
      return parseNumber(value.value);
    default:
      throw new EvaluationError(`number() cannot convert a ${value.kind}`);
  }
}

function parseNumber(text: string): BaseValue {
  const parsed = parseDecimal(text);
  if (parsed === null) throw new EvaluationError(`number() cannot read "${text}" as a number (write a decimal such as 3.4)`);
  return numberValue(parsed);
}
