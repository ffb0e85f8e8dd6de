import { listValue, stringValue } from '../values/base-value';
import type { MethodTable, ValueOf } from './method';

/** Object methods (the functions page, "Object"); `isEmpty()` is among the methods of any value. */
export const OBJECT_METHODS: MethodTable<ValueOf<'object'>> = {
  keys: ({ entries }) => listValue([...entries.keys()].map(stringValue)),
  values: ({ entries }) => listValue([...entries.values()]),
};
