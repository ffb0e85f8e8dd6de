import type { CallToolResult } from '@modelcontextprotocol/server';
import { isIndxError } from '../../core/errors';
import type { Operation } from '../../core/ops/operation';
import type { Invocation } from '../../core/ops/registry';
import { resultText } from '../../core/ops/render/result-text';
import { binaryContent } from './binary-content';

/** The body of a failed tool call, as seed 000 §3 shapes errors. */
export interface ToolErrorBody {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

/** The `_meta` key of a failed call's `{code, message, details}` body. */
export const ERROR_META_KEY = 'indx/error';

/**
 * A successful call: the output as `structuredContent` (structured-first clients) and its text
 * (content-first clients, see `resultText`), so both kinds put the payload before the model. The
 * bytes of a binary output (`attachment_read`) follow the text as their own block.
 */
export function toToolResult(operation: Operation, invocation: Invocation): CallToolResult {
  return { content: [{ type: 'text', text: resultText(operation, invocation) }, ...binaryContent(operation, invocation.output)], structuredContent: invocation.output };
}

/**
 * A failed call: `isError: true`, its code, message and details as text, and the same
 * `{code, message, details}` body under `_meta["indx/error"]` for programs. No
 * `structuredContent`: it would have to match the tool's output schema, and a client that
 * validates it (the official SDK client does) would throw instead of showing the error
 * (decision 0009). Security: anything but an `IndxError` becomes `internal_error` with a fixed
 * message; its own message and stack never leave the process.
 */
export function toToolErrorResult(error: unknown): CallToolResult {
  const body = toToolErrorBody(error);
  return { isError: true, content: [{ type: 'text', text: errorText(body) }], _meta: { [ERROR_META_KEY]: body } };
}

/** The text of a failed call: `Error <code>: <message>`, then the details as JSON when there are any. */
export function errorText(body: ToolErrorBody): string {
  const details = Object.keys(body.details).length === 0 ? '' : `\ndetails: ${JSON.stringify(body.details)}`;
  return `Error ${body.code}: ${body.message}${details}`;
}

/** The `{code, message, details}` body for any thrown value. */
export function toToolErrorBody(error: unknown): ToolErrorBody {
  if (isIndxError(error)) return { code: error.code, message: error.message, details: error.details };
  return { code: 'internal_error', message: 'The tool failed unexpectedly. Retry; if it keeps failing, check the server log.', details: {} };
}
