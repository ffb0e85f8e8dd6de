import { booleanValue } from '../values/base-value';
import { textArgument } from './arguments';
import type { MethodTable, ValueOf } from './method';

/** Regular expression methods (the functions page, "Regular expression"). */
export const REGEXP_METHODS: MethodTable<ValueOf<'regexp'>> = {
  matches: ({ source, flags }, call) => booleanValue(new RegExp(source, flags).test(textArgument(call, 0))),
};
