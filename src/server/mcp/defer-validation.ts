import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';

/**
 * A schema that advertises `schema`'s JSON Schema (descriptions included) but lets every value
 * through, so the callee validates and reports `invalid_input` in indx's own terms rather than
 * the SDK's generic message. Only for callees that do validate (prompts parse their arguments).
 */
export function deferValidation(schema: z.ZodObject): StandardSchemaWithJSON<Record<string, unknown>> {
  return {
    '~standard': {
      version: 1,
      vendor: 'indx',
      validate: (value) => ({ value: (value ?? {}) as Record<string, unknown> }),
      jsonSchema: schema['~standard'].jsonSchema,
    },
  };
}
