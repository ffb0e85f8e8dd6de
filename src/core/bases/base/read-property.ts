import { evaluate } from '../evaluate/evaluate';
import type { RowScope } from '../evaluate/scope';
import type { BaseValue } from '../values/base-value';
import { splitPropertyId } from './property-id';

/** The value of a property id (`note.year`, `file.name`, `formula.total`) for a row. */
export function readProperty(id: string, scope: RowScope): BaseValue {
  const [namespace, name] = splitPropertyId(id);
  return evaluate({ type: 'member', object: { type: 'identifier', name: namespace, start: 0 }, name, start: 0 }, scope);
}
