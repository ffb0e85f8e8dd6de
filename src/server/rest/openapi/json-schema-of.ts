import * as z from 'zod';

/** A JSON Schema object as embedded in an OpenAPI 3.1 document. */
export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema (2020-12, OpenAPI 3.1's dialect) of a zod schema, ready to embed: `$schema`
 * dropped, and any `$defs` hoisted into `components` under `prefix`-ed names with their `$ref`s
 * rewritten (a `#/$defs/…` pointer would otherwise resolve against the OpenAPI document).
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output', prefix: string, components: Record<string, JsonSchema>): JsonSchema {
  const { $schema: _dialect, $defs, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const rewrite = (value: unknown): unknown => rewriteRefs(value, prefix);
  for (const [name, definition] of Object.entries($defs ?? {})) components[`${prefix}${name}`] = rewrite(definition) as JsonSchema;
  return rewrite(rest) as JsonSchema;
}

function rewriteRefs(value: unknown, prefix: string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, prefix));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, item]) => [key, key === '$ref' && typeof item === 'string' ? item.replace(/^#\/\$defs\//, `#/components/schemas/${prefix}`) : rewriteRefs(item, prefix)]);
  return Object.fromEntries(entries) as unknown;
}
