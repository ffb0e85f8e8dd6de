import { isIndxError } from '../../../src/core/errors';

/**
 * Prints an error as `{"error":{code,message,details}}` on stderr and returns the exit code:
 * 2 for bad input, 1 for every other failure. Unexpected errors never print a stack trace.
 */
export function reportError(error: unknown): number {
  if (isIndxError(error)) {
    process.stderr.write(`${JSON.stringify({ error: { code: error.code, message: error.message, details: error.details } })}\n`);
    return error.code === 'invalid_input' || error.code === 'invalid_path' ? 2 : 1;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${JSON.stringify({ error: { code: 'internal_error', message } })}\n`);
  return 1;
}
