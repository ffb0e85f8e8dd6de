import { durationMilliseconds } from '../dates/duration';
import { durationValue, NULL_VALUE, numberValue, type BaseValue } from '../values/base-value';
import { valueKey } from '../values/value-key';
import { isEmptyValue } from '../functions/is-empty';

type Summary = (values: readonly BaseValue[]) => BaseValue;

const SUMMARIES: Record<string, Summary> = {
  Average: (values) => overNumbers(values, (numbers) => sum(numbers) / numbers.length),
  Sum: (values) => overNumbers(values, sum),
  Min: (values) => overNumbers(values, (numbers) => extreme(numbers, -1)),
  Max: (values) => overNumbers(values, (numbers) => extreme(numbers, 1)),
  Median: (values) => overNumbers(values, median),
  Stddev: (values) => overNumbers(values, standardDeviation),
  Range: (values) => range(values),
  Earliest: (values) => extremeDate(values, -1),
  Latest: (values) => extremeDate(values, 1),
  Checked: (values) => numberValue(values.filter((value) => value.kind === 'boolean' && value.value).length),
  Unchecked: (values) => numberValue(values.filter((value) => value.kind === 'boolean' && !value.value).length),
  Empty: (values) => numberValue(values.filter(isEmptyValue).length),
  Filled: (values) => numberValue(values.filter((value) => !isEmptyValue(value)).length),
  Unique: (values) => numberValue(uniqueCount(values.filter((value) => !isEmptyValue(value)))),
};

/** The summary names a view may use without defining them (Obsidian's table footer). */
export const BUILT_IN_SUMMARIES: readonly string[] = Object.keys(SUMMARIES);

/**
 * Computes a built-in summary over one column's values. Numeric summaries read durations as
 * their milliseconds and ignore other values that are not numbers (null when none is left;
 * `Stddev` is the population standard deviation); `Range` of dates is a duration;
 * `Earliest`/`Latest` take dates; `Empty`, `Filled`, `Unique` count (`Unique`: distinct filled
 * values by `valueKey`, so links to one file count once). Linear or n·log n in the rows.
 */
export function summarize(name: string, values: readonly BaseValue[]): BaseValue {
  return SUMMARIES[name]?.(values) ?? NULL_VALUE;
}

function overNumbers(values: readonly BaseValue[], compute: (numbers: number[]) => number): BaseValue {
  const numbers = values.flatMap((value) => {
    const number = value.kind === 'duration' ? durationMilliseconds(value) : value.kind === 'number' ? value.value : Number.NaN;
    return Number.isFinite(number) ? [number] : [];
  });
  return numbers.length === 0 ? NULL_VALUE : numberValue(compute(numbers));
}

function sum(numbers: number[]): number {
  return numbers.reduce((total, value) => total + value, 0);
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function standardDeviation(numbers: number[]): number {
  const mean = sum(numbers) / numbers.length;
  return Math.sqrt(sum(numbers.map((value) => (value - mean) ** 2)) / numbers.length);
}

/** The largest (`direction` 1) or smallest (-1) number, by a loop: spreading 200k numbers into `Math.max` overflows the stack. */
function extreme(numbers: readonly number[], direction: 1 | -1): number {
  let best = numbers[0] ?? Number.NaN;
  for (const number of numbers) if ((number - best) * direction > 0) best = number;
  return best;
}

function range(values: readonly BaseValue[]): BaseValue {
  const numeric = overNumbers(values, (numbers) => extreme(numbers, 1) - extreme(numbers, -1));
  if (numeric.kind !== 'null') return numeric;
  const [earliest, latest] = [extremeDate(values, -1), extremeDate(values, 1)];
  return earliest.kind === 'date' && latest.kind === 'date' ? durationValue(0, latest.time - earliest.time) : NULL_VALUE;
}

function extremeDate(values: readonly BaseValue[], direction: 1 | -1): BaseValue {
  const dates = values.filter((value) => value.kind === 'date');
  return dates.reduce<BaseValue>((best, value) => (best.kind !== 'date' || (value.time - best.time) * direction > 0 ? value : best), NULL_VALUE);
}

function uniqueCount(values: readonly BaseValue[]): number {
  return new Set(values.map(valueKey)).size;
}
