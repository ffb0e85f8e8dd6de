import { startOfUtcDay } from '../dates/calendar';
import { parseDuration } from '../dates/duration';
import { parseDateText } from '../dates/parse-date';
import { EvaluationError } from '../evaluate/evaluation-error';
import { booleanValue, dateValue, fileValue, listValue, NULL_VALUE, numberValue, stringValue, type BaseValue } from '../values/base-value';
import { isTruthy } from '../values/value-truthy';
import { valueToText } from '../values/value-text';
import { linkToFile, makeLink } from '../vault/make-link';
import { argumentAt, requiredArgument, textArgument } from './arguments';
import { fileTargetOf } from './file-target';
import type { Invocation } from './invocation';
import { isEmptyValue } from './is-empty';
import { extremeOf } from './extreme-of';
import { toNumber } from './to-number';

type GlobalFunction = (call: Invocation) => BaseValue;

/**
 * The global functions of the functions page, plus `not()` and `empty()`, which bases written
 * for the first Bases releases still use (`not(empty(note.last))`). `if()` evaluates only the
 * branch it returns. `today()` is midnight UTC of the query's clock.
 */
export const GLOBAL_FUNCTIONS: Readonly<Record<string, GlobalFunction>> = {
  if: (call) => evaluateBranch(call, isTruthy(call.evaluate(requiredNode(call, 0), call.scope)) ? 1 : 2),
  now: (call) => dateValue(call.scope.context.now, true),
  today: (call) => dateValue(startOfUtcDay(call.scope.context.now), false),
  date: (call) => toDate(requiredArgument(call, 0)),
  duration: (call) => toDuration(requiredArgument(call, 0)),
  number: (call) => toNumber(requiredArgument(call, 0)),
  list: (call) => listOf(requiredArgument(call, 0)),
  link: (call) => toLink(call),
  file: (call) => toFile(call),
  max: (call) => extremeOf(call.args(), 1, call.label),
  min: (call) => extremeOf(call.args(), -1, call.label),
  random: (call) => numberValue(call.scope.context.random()),
  escapeHTML: (call) => stringValue(escapeHtml(textArgument(call, 0))),
  html: (call) => ({ kind: 'html', value: textArgument(call, 0) }),
  icon: (call) => ({ kind: 'icon', value: textArgument(call, 0) }),
  image: (call) => ({ kind: 'image', value: imageSource(requiredArgument(call, 0)) }),
  not: (call) => booleanValue(!isTruthy(requiredArgument(call, 0))),
  empty: (call) => booleanValue(isEmptyValue(requiredArgument(call, 0))),
};

function requiredNode(call: Invocation, index: number) {
  const node = call.nodes[index];
  if (node === undefined) throw new EvaluationError(`${call.label} needs at least ${index + 1} arguments`);
  return node;
}

function evaluateBranch(call: Invocation, index: 1 | 2): BaseValue {
  const node = index === 1 ? requiredNode(call, 1) : call.nodes[2];
  return node === undefined ? NULL_VALUE : call.evaluate(node, call.scope);
}

function toDate(value: BaseValue): BaseValue {
  if (value.kind === 'date' || value.kind === 'null') return value;
  const parsed = parseDateText(valueToText(value));
  if (parsed === null) throw new EvaluationError(`date() cannot read "${valueToText(value)}"; write YYYY-MM-DD or YYYY-MM-DD HH:mm:ss`);
  return parsed;
}

function toDuration(value: BaseValue): BaseValue {
  if (value.kind === 'duration' || value.kind === 'null') return value;
  const parsed = parseDuration(valueToText(value));
  if (parsed === null) throw new EvaluationError(`duration() cannot read "${valueToText(value)}"; write e.g. "1d", "2 hours" or "3M"`);
  return parsed;
}

function listOf(value: BaseValue): BaseValue {
  return value.kind === 'list' ? value : listValue([value]);
}

function toLink(call: Invocation): BaseValue {
  const target = requiredArgument(call, 0);
  const display = call.args().length > 1 && argumentAt(call, 1).kind !== 'null' ? valueToText(argumentAt(call, 1)) : null;
  if (target.kind === 'file') return linkToFile(target.path, display);
  if (target.kind === 'link') return { ...target, display: display ?? target.display };
  if (target.kind === 'null') return NULL_VALUE;
  return makeLink(call.scope.context.snapshot, valueToText(target), display, call.scope.context.basePath);
}

function toFile(call: Invocation): BaseValue {
  const { snapshot, basePath } = call.scope.context;
  const path = fileTargetOf(requiredArgument(call, 0), snapshot, basePath).path;
  return path !== null && snapshot.stat(path) !== null ? fileValue(path) : NULL_VALUE;
}

function imageSource(value: BaseValue): string {
  if (value.kind === 'file') return value.path;
  if (value.kind === 'link') return value.target ?? value.linktext;
  return valueToText(value);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
