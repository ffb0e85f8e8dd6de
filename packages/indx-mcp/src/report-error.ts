import type { CommanderError } from 'commander';
import { isIndxError } from '../../../src/core/errors';
import { CommandFailure } from './rest/command-failure';

/**
 * The stable exit codes of `indx`, each with the error codes that end a command with it. A code
 * missing from the table (a newer server's) exits with 1. The AI codes are seed 002's.
 */
export const EXIT_CODES: readonly { exit: number; meaning: string; codes: readonly string[] }[] = [
  { exit: 0, meaning: 'success', codes: [] },
  { exit: 1, meaning: 'internal or unknown error', codes: ['internal_error'] },
  {
    exit: 2,
    meaning: 'usage error or invalid input',
    codes: ['invalid_input', 'invalid_path', 'payload_too_large', 'file_too_large', 'request_timeout', 'not_markdown', 'not_utf8', 'frontmatter_invalid', 'heading_ambiguous', 'block_ambiguous', 'unknown_operation', 'method_not_allowed', 'canvas_invalid', 'base_invalid', 'base_unsupported', 'ai_input_too_large', 'ai_schema_invalid'],
  },
  { exit: 3, meaning: 'not found', codes: ['not_found', 'heading_not_found', 'block_not_found', 'canvas_id_not_found'] },
  { exit: 4, meaning: 'precondition failed or conflict', codes: ['etag_mismatch', 'conflict', 'already_exists', 'idempotency_key_reused', 'ai_apply_conflict'] },
  { exit: 5, meaning: 'not authorized', codes: ['unauthorized', 'forbidden', 'path_forbidden', 'command_not_allowed'] },
  { exit: 6, meaning: 'unavailable: no server, vault locked, rate limited', codes: ['server_unavailable', 'lock_unavailable', 'vault_opening', 'rate_limited', 'embeddings_unavailable', 'ai_unavailable', 'editor_unavailable'] },
  { exit: 7, meaning: 'AI quota exceeded', codes: ['ai_quota_exceeded'] },
  { exit: 8, meaning: 'AI provider error', codes: ['ai_provider_error', 'ai_grounding_failed', 'embeddings_failed'] },
];

/** Command-line usage errors (unknown command or option, missing argument, bad choice) exit like invalid input. */
export const USAGE_EXIT_CODE = 2;

/**
 * Commander's exit: help and `--version` exit 0, every usage error {@link USAGE_EXIT_CODE}
 * (commander's own default is 1). Set on the program before its commands are added, so every
 * command inherits it.
 */
export function exitOnUsageError(error: CommanderError): never {
  process.exit(error.exitCode === 0 ? 0 : USAGE_EXIT_CODE);
}

const EXIT_BY_CODE = new Map(EXIT_CODES.flatMap((row) => row.codes.map((code) => [code, row.exit] as const)));

/** The exit code of an error code: the table's, else 1. */
export function exitCodeOf(code: string): number {
  return EXIT_BY_CODE.get(code) ?? 1;
}

/**
 * Prints an error as `{"error":{code,message,details}}` on stderr and returns its exit code (see
 * {@link EXIT_CODES}). Unexpected errors never print a stack trace.
 */
export function reportError(error: unknown): number {
  const { code, message, details } = toErrorBody(error);
  process.stderr.write(`${JSON.stringify({ error: { code, message, details } })}\n`);
  return exitCodeOf(code);
}

/** The `{code, message, details}` a failure is reported with. */
export function toErrorBody(error: unknown): { code: string; message: string; details: Record<string, unknown> } {
  if (isIndxError(error) || error instanceof CommandFailure) return { code: error.code, message: error.message, details: error.details };
  return { code: 'internal_error', message: error instanceof Error ? error.message : String(error), details: {} };
}
