import type { ErrorCode } from '../../core/errors';

/**
 * The one table from error code to HTTP status, used by every HTTP response indx sends. Typed
 * over every code, so a new code cannot be added without choosing its status.
 */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  invalid_input: 400,
  invalid_path: 400,
  unauthorized: 401,
  path_forbidden: 403,
  forbidden: 403,
  not_found: 404,
  unknown_operation: 404,
  method_not_allowed: 405,
  already_exists: 409,
  conflict: 409,
  idempotency_key_reused: 409,
  etag_mismatch: 412,
  payload_too_large: 413,
  heading_not_found: 422,
  heading_ambiguous: 422,
  block_ambiguous: 422,
  block_not_found: 422,
  frontmatter_invalid: 422,
  canvas_invalid: 422,
  canvas_id_not_found: 422,
  not_markdown: 422,
  not_utf8: 422,
  base_invalid: 422,
  base_unsupported: 422,
  lock_unavailable: 423,
  rate_limited: 429,
  internal_error: 500,
  embeddings_failed: 502,
  embeddings_unavailable: 503,
  ai_unavailable: 503,
  ai_quota_exceeded: 429,
  ai_provider_error: 502,
  ai_grounding_failed: 422,
  ai_input_too_large: 422,
  ai_schema_invalid: 422,
  ai_apply_conflict: 409,
};
