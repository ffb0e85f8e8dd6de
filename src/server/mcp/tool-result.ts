import type { CallToolResult } from '@modelcontextprotocol/server';
import { isIndxError } from '../../core/errors';
import type { Invocation } from '../../core/ops/registry';

/** The body of a failed tool call, as seed 000 §3 shapes errors. */
export interface ToolErrorBody {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

/** A successful call: the output as `structuredContent`, the one-line summary as the text block. */
export function toToolResult(invocation: Invocation): CallToolResult {
  return { content: [{ type: 'text', text: invocation.summary }], structuredContent: invocation.output };
}

/**
 * A failed call: `isError: true`, the `{code, message, details}` body as `structuredContent`
 * and as JSON text. Security: anything but an `IndxError` becomes `internal_error` with a fixed
 * message; its own message and stack never leave the process.
 */
export function toToolErrorResult(error: unknown): CallToolResult {
  const body = toToolErrorBody(error);
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: { ...body } };
}

/** The `{code, message, details}` body for any thrown value. */
export function toToolErrorBody(error: unknown): ToolErrorBody {
  if (isIndxError(error)) return { code: error.code, message: error.message, details: error.details };
  return { code: 'internal_error', message: 'The tool failed unexpectedly. Retry; if it keeps failing, check the server log.', details: {} };
}
