import type { Operation } from '../operation';
import type { Invocation } from '../registry';
import { renderFields } from './render-fields';

/** The text of `invocation`, a call of `operation`: its own renderer's, else every field's. */
export function resultText(operation: Operation, invocation: Invocation): string {
  return operation.render === undefined ? renderFields(invocation.output, invocation.summary) : operation.render(invocation.output, invocation.summary);
}
