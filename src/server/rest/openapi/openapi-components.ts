import { ERROR_CODES } from '../../../core/errors';
import type { JsonSchema } from './json-schema-of';

/** The shared components: the error envelope and the bearer security scheme. */
export function baseComponents(): { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> } {
  return {
    schemas: {
      Error: {
        type: 'object',
        required: ['code', 'message', 'details'],
        properties: {
          code: { type: 'string', enum: [...ERROR_CODES], description: 'Stable snake_case error code.' },
          message: { type: 'string', description: 'What happened, what was expected and what to do next.' },
          details: { type: 'object', additionalProperties: true, description: 'Machine-readable details (e.g. current_etag, candidates).' },
        },
      },
      ErrorEnvelope: {
        type: 'object',
        required: ['ok', 'error'],
        properties: { ok: { const: false }, error: { $ref: '#/components/schemas/Error' } },
      },
    },
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'A token from "indx token create" (indx_…), sent as Authorization: Bearer <token>.' },
    },
  };
}

/** The success envelope around `data`. */
export function successEnvelope(data: JsonSchema): JsonSchema {
  return { type: 'object', required: ['ok', 'data'], properties: { ok: { const: true }, data } };
}

/** The response used for every failure: the error envelope, status per the code table. */
export const ERROR_RESPONSE = {
  description: 'Failure: {ok: false, error: {code, message, details}}. Status by code: 400 invalid_input/invalid_path, 401 unauthorized, 403 forbidden/path_forbidden, 404 not_found, 409 already_exists/conflict/idempotency_key_reused, 412 etag_mismatch, 413 payload_too_large, 422 heading/block/frontmatter/encoding errors, 423 lock_unavailable, 429 rate_limited, 500 internal_error.',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
};
