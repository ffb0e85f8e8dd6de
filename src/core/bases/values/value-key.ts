import { durationMilliseconds } from '../dates/duration';
import type { BaseValue } from './base-value';
import { isEmptyForSort } from './value-sort-order';

/**
 * A text key naming a value's identity, for grouping rows and counting distinct values in
 * linear time. Every empty value (null, `""`, an empty list) has one key, as sorting treats them
 * alike; otherwise values of one kind share a key when `==` holds between them: a link to a file
 * has the key of that file, an unresolved link its link text without `.md`, a date its instant,
 * a duration its milliseconds, lists and objects the keys of their items (object keys in order).
 */
export function valueKey(value: BaseValue): string {
  return isEmptyForSort(value) ? 'empty' : JSON.stringify(keyParts(value));
}

function keyParts(value: BaseValue): unknown {
  switch (value.kind) {
    case 'null':
      return ['null'];
    case 'number':
      return ['number', Object.is(value.value, -0) ? 0 : String(value.value)];
    case 'date':
      return ['date', value.time];
    case 'duration':
      return ['duration', durationMilliseconds(value)];
    case 'link':
      return value.target === null ? ['unresolved', value.linktext.replace(/\.md$/, '')] : ['file', value.target];
    case 'file':
      return ['file', value.path];
    case 'list':
      return ['list', value.items.map(keyParts)];
    case 'object':
      return ['object', [...value.entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, entry]) => [key, keyParts(entry)])];
    case 'regexp':
      return ['regexp', value.source, value.flags];
    default:
      return [value.kind, value.value];
  }
}
