import { ERROR_CODES } from '../../../core/errors';
import type { JsonSchema } from './json-schema-of';
import { ERROR_STATUS } from '../../http/error-status';

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
  description: `Failure: {ok: false, error: {code, message, details}}. Status by code: ${describeStatuses()}.`,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
};

/** "400 invalid_input/invalid_path, 401 unauthorized, …", from the one code → status table. */
function describeStatuses(): string {
  const byStatus = new Map<number, string[]>();
  for (const [code, status] of Object.entries(ERROR_STATUS)) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  return [...byStatus].sort(([left], [right]) => left - right).map(([status, codes]) => `${status} ${codes.join('/')}`).join(', ');
}
