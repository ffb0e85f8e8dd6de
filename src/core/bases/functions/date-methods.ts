import { startOfUtcDay } from '../dates/calendar';
import { formatDate } from '../dates/format-date';
import { describeRelative } from '../dates/relative-date';
import { dateValue, stringValue } from '../values/base-value';
import { textArgument } from './arguments';
import type { MethodTable, ValueOf } from './method';

/** Date methods (the functions page, "Date"), in UTC. */
export const DATE_METHODS: MethodTable<ValueOf<'date'>> = {
  date: ({ time }) => dateValue(startOfUtcDay(time), false),
  format: ({ time }, call) => stringValue(formatDate(time, textArgument(call, 0))),
  time: ({ time }) => stringValue(formatDate(time, 'HH:mm:ss')),
  relative: ({ time }, call) => stringValue(describeRelative(time, call.scope.context.now)),
};
