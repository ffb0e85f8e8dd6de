import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { Operation } from '../../core/ops/operation';

/** The JSON Schema draft tool schemas are advertised in (the SDK's own conversion target). */
const JSON_SCHEMA_TARGET = 'draft-2020-12';

/** An operation's schemas as registered with the SDK, their JSON Schemas converted once. */
export interface ToolSchemas {
  input: StandardSchemaWithJSON;
  output: StandardSchemaWithJSON;
  /** The output's JSON Schema, as `projectCallToolResult` takes it. */
  outputJsonSchema: Record<string, unknown>;
}

const schemasByOperation = new WeakMap<Operation, ToolSchemas>();

/**
 * The tool schemas of `operation`, converted from zod to JSON Schema on first use and kept for
 * the life of the process. A fresh server is built for every modern request, and the SDK
 * converts a registered zod schema on every `tools/list`; handing it the converted schema
 * instead makes the catalog a lookup. Validation still runs the zod schema.
 */
export function toolSchemasOf(operation: Operation): ToolSchemas {
  let schemas = schemasByOperation.get(operation);
  if (schemas === undefined) {
    const outputJsonSchema = toJsonSchema(operation.output, 'output');
    schemas = { input: withFixedJsonSchema(operation.input, toJsonSchema(operation.input, 'input')), output: withFixedJsonSchema(operation.output, outputJsonSchema), outputJsonSchema };
    schemasByOperation.set(operation, schemas);
  }
  return schemas;
}

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  return schema['~standard'].jsonSchema[io]({ target: JSON_SCHEMA_TARGET });
}

/** `schema` validating as itself, advertising `jsonSchema` for both directions. */
function withFixedJsonSchema(schema: z.ZodType, jsonSchema: Record<string, unknown>): StandardSchemaWithJSON {
  const standard = schema['~standard'];
  return {
    '~standard': {
      version: 1,
      vendor: standard.vendor,
      validate: (value) => standard.validate(value),
      jsonSchema: { input: () => jsonSchema, output: () => jsonSchema },
    },
  };
}
