import { durationField } from '../dates/duration';
import { toDateParts } from '../dates/calendar';
import { NULL_VALUE, numberValue, objectValue, type BaseValue, type DateValue } from '../values/base-value';
import { readFileField } from '../vault/file-fields';
import { EvaluationError } from './evaluation-error';
import type { RowScope } from './scope';

/**
 * `value.name`: an object's entry (null when missing), a file's `file.*` property (and, for any
 * other name, that file's note property; `this.x` is read before this, as a note property
 * first), `length` of a string, link text or list, the fields of a date (`year`,
 * `month` 1–12, `day`, `hour`, `minute`, `second`, `millisecond`, UTC) and of a duration
 * (`days`, `hours`...). A member of null is null; any other member fails the evaluation.
 */
export function readMember(value: BaseValue, name: string, scope: RowScope): BaseValue {
  switch (value.kind) {
    case 'null':
      return NULL_VALUE;
    case 'object':
      return value.entries.get(name) ?? NULL_VALUE;
    case 'file':
      return readFileMember(value.path, name, scope);
    case 'string':
    case 'link':
    case 'list':
      if (name === 'length') return numberValue(lengthOf(value));
      break;
    case 'date':
      return readDateField(value, name) ?? failMember(value, name);
    case 'duration': {
      const amount = durationField(value, name);
      if (amount !== null) return numberValue(amount);
      break;
    }
    default:
      break;
  }
  return failMember(value, name);
}

function readFileMember(path: string, name: string, scope: RowScope): BaseValue {
  const snapshot = scope.context.snapshot;
  if (name === 'note') return objectValue(snapshot.properties(path));
  return readFileField(snapshot, path, name) ?? snapshot.properties(path).get(name) ?? NULL_VALUE;
}

function lengthOf(value: Extract<BaseValue, { kind: 'string' | 'link' | 'list' }>): number {
  if (value.kind === 'list') return value.items.length;
  return value.kind === 'string' ? value.value.length : value.linktext.length;
}

const DATE_FIELDS = ['year', 'month', 'day', 'hour', 'minute', 'second', 'millisecond'] as const;

function readDateField(value: DateValue, name: string): BaseValue | null {
  const field = DATE_FIELDS.find((candidate) => candidate === name);
  return field === undefined ? null : numberValue(toDateParts(value.time)[field]);
}

function failMember(value: BaseValue, name: string): never {
  throw new EvaluationError(`a ${value.kind} has no property "${name}"`);
}
