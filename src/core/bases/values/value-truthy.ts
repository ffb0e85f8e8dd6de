import { durationMilliseconds } from '../dates/duration';
import type { BaseValue } from './base-value';

/**
 * Whether a value counts as true in filters, `if()`, `!`, `&&` and `||`: null, false, 0, NaN,
 * `""` and an empty list are false (as Obsidian's `ListValue`), a zero duration too; objects,
 * dates, links, files and the rest are true.
 */
export function isTruthy(value: BaseValue): boolean {
  switch (value.kind) {
    case 'null':
      return false;
    case 'boolean':
      return value.value;
    case 'number':
      return value.value !== 0 && !Number.isNaN(value.value);
    case 'string':
      return value.value !== '';
    case 'list':
      return value.items.length > 0;
    case 'duration':
      return durationMilliseconds(value) !== 0;
    default:
      return true;
  }
}
