import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { Operation } from '../../core/ops/operation';
import { advertisedInput, advertisedOutput } from './advertised-schema';

/** The JSON Schema draft tool schemas are converted in (the SDK's own conversion target). */
const JSON_SCHEMA_TARGET = 'draft-2020-12';

/** An operation's schemas as registered with the SDK, their JSON Schemas converted once. */
export interface ToolSchemas {
  input: StandardSchemaWithJSON;
  output: StandardSchemaWithJSON;
  /** The advertised output JSON Schema, as `projectCallToolResult` takes it. */
  outputJsonSchema: Record<string, unknown>;
}

/** The schemas of each operation for a catalog that writes (`full`) and for a read-only one. */
const schemasByOperation = new WeakMap<Operation, { full?: ToolSchemas; readOnly?: ToolSchemas }>();

/**
 * The tool schemas of `operation`, converted from zod to JSON Schema and made into what the
 * catalog advertises (see `advertised-schema`) on first use, and kept for the life of the
 * process. A fresh server is built for every modern request, and the SDK converts a registered
 * zod schema on every `tools/list`; handing it the converted schema instead makes the catalog a
 * lookup. Validation still runs the zod schema. The input leaves out the operation's
 * `deliveryInputs`, and, for a caller that cannot write (`readOnly`), its `writeInputs` (seed 000
 * §3.6).
 */
export function toolSchemasOf(operation: Operation, readOnly = false): ToolSchemas {
  const cached = schemasByOperation.get(operation) ?? {};
  const kind = readOnly && (operation.writeInputs?.length ?? 0) > 0 ? 'readOnly' : 'full';
  let schemas = cached[kind];
  if (schemas === undefined) {
    const outputJsonSchema = advertisedOutput(toJsonSchema(operation.output, 'output'));
    const hidden = [...(operation.deliveryInputs ?? []), ...(kind === 'readOnly' ? (operation.writeInputs ?? []) : [])];
    const inputJsonSchema = advertisedInput(toJsonSchema(operation.input, 'input'), hidden);
    schemas = { input: withFixedJsonSchema(operation.input, inputJsonSchema), output: withFixedJsonSchema(operation.output, outputJsonSchema), outputJsonSchema };
    schemasByOperation.set(operation, { ...cached, [kind]: schemas });
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
