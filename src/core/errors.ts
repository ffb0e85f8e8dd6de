/**
 * The one error class of the core and its catalog of stable codes. Surfaces translate an
 * `IndxError` once: MCP to an `isError` result, REST to a status and envelope, the CLI to an
 * exit code. Messages say what happened, what was expected and what to do next.
 */

/** Every stable error code the engine can raise. */
export const ERROR_CODES = [
  'invalid_input',
  'invalid_path',
  'path_forbidden',
  'not_found',
  'already_exists',
  'etag_mismatch',
  'heading_not_found',
  'heading_ambiguous',
  'block_not_found',
  'block_ambiguous',
  'frontmatter_invalid',
  'not_markdown',
  'not_utf8',
  'conflict',
  'lock_unavailable',
  'vault_opening',
  'unknown_operation',
  'forbidden',
  'unauthorized',
  'idempotency_key_reused',
  'payload_too_large',
  'file_too_large',
  'request_timeout',
  'rate_limited',
  'method_not_allowed',
  'embeddings_unavailable',
  'embeddings_failed',
  'base_invalid',
  'base_unsupported',
  'internal_error',
  'canvas_invalid',
  'canvas_id_not_found',
  'ai_unavailable',
  'ai_quota_exceeded',
  'ai_provider_error',
  'ai_grounding_failed',
  'ai_input_too_large',
  'ai_schema_invalid',
  'ai_apply_conflict',
  'editor_unavailable',
  'command_not_allowed',
] as const;

/** A stable, snake_case error code. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A domain failure with a stable code and JSON-safe details. */
export class IndxError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, details: Record<string, unknown> = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IndxError';
    this.code = code;
    this.details = details;
  }
}

/** True when `value` is an `IndxError`, optionally with the given code. */
export function isIndxError(value: unknown, code?: ErrorCode): value is IndxError {
  return value instanceof IndxError && (code === undefined || value.code === code);
}
