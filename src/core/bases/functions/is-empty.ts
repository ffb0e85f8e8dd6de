import type { BaseValue } from '../values/base-value';

/**
 * `isEmpty()` for every type: null, `""`, an empty list and an empty object are empty; numbers,
 * dates, booleans, files and the rest are never empty (the functions page: "Returns false"
 * for dates, "true if the number is not present" for numbers). A link is empty when its text is.
 */
export function isEmptyValue(value: BaseValue): boolean {
  switch (value.kind) {
    case 'null':
      return true;
    case 'string':
      return value.value === '';
    case 'list':
      return value.items.length === 0;
    case 'object':
      return value.entries.size === 0;
    case 'link':
      return value.linktext === '';
    default:
      return false;
  }
}
