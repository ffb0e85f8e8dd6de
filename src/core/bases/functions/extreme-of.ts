import { EvaluationError } from '../evaluate/evaluation-error';
import { durationMilliseconds } from '../dates/duration';
import { NULL_VALUE, numberValue, type BaseValue } from '../values/base-value';
import { compareValues } from '../values/value-compare';

/**
 * `max()` (`direction` 1) and `min()` (-1) of numbers, or of dates; null arguments are skipped,
 * a list argument contributes its items and a duration counts as its milliseconds. Null when
 * nothing is left; mixing types fails.
 */
export function extremeOf(args: readonly BaseValue[], direction: 1 | -1, label: string): BaseValue {
  const values = args
    .flatMap((value) => (value.kind === 'list' ? [...value.items] : [value]))
    .filter((value) => value.kind !== 'null')
    .map((value) => (value.kind === 'duration' ? numberValue(durationMilliseconds(value)) : value));
  const first = values[0];
  if (first === undefined) return NULL_VALUE;
  if (values.some((value) => value.kind !== first.kind || (value.kind !== 'number' && value.kind !== 'date'))) throw new EvaluationError(`${label} compares numbers or dates, not a mix of ${[...new Set(values.map((value) => value.kind))].join(' and ')}`);
  return values.reduce((best, value) => ((compareValues(value, best) ?? 0) * direction > 0 ? value : best));
}
