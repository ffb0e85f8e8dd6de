import { formatDate } from '../dates/format-date';
import { durationToText } from '../dates/duration';
import type { BaseValue } from './base-value';
import { toJsonValue } from './value-json';

/**
 * The text of a value, as `toString()`, string concatenation and `join()` give it: null is
 * `""`, a calendar date `2025-01-31`, a date with time `2025-01-31 08:30:00` (UTC), a list its
 * items joined with `", "`, a link its display text (else its target as written), a file its
 * path, a duration ISO 8601 text (`P1DT2H`).
 */
export function valueToText(value: BaseValue): string {
  switch (value.kind) {
    case 'null':
      return '';
    case 'number':
      return String(value.value);
    case 'boolean':
      return value.value ? 'true' : 'false';
    case 'date':
      return formatDate(value.time, value.hasTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');
    case 'duration':
      return durationToText(value);
    case 'list':
      return value.items.map(valueToText).join(', ');
    case 'object':
      return JSON.stringify(toJsonValue(value));
    case 'link':
      return value.display ?? value.linktext;
    case 'file':
      return value.path;
    case 'regexp':
      return `/${value.source}/${value.flags}`;
    default:
      return value.value;
  }
}
