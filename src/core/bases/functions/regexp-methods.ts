import { booleanValue } from '../values/base-value';
import { textArgument } from './arguments';
import type { MethodTable, ValueOf } from './method';
import { regExpOver } from './regexp-over';

/** Regular expression methods (the functions page, "Regular expression"). */
export const REGEXP_METHODS: MethodTable<ValueOf<'regexp'>> = {
  matches: (pattern, call) => {
    const text = textArgument(call, 0);
    return booleanValue(regExpOver(pattern, text, call.label).test(text));
  },
};
