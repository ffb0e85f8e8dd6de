import * as z from 'zod';
import type { Operation } from '../../../../src/core/ops/operation';
import { fieldType, type FieldSchema } from '../../../../src/server/rest/input-fields';

/** Array fields that accompany a list rather than being one. */
const NOT_THE_LIST = new Set(['warnings']);

/**
 * The field of a list-shaped result that `--ndjson` prints one item per line: for a read-only
 * operation, the single array field of its output (`notes`, `results`, `backlinks`, `tags`…),
 * `warnings` not counted. Null when there is none or several (`note_read`: outline, links…).
 */
export function listFieldOf(operation: Operation): string | null {
  if (!operation.annotations.readOnlyHint) return null;
  const schema = z.toJSONSchema(operation.output, { io: 'output', unrepresentable: 'any' }) as { properties?: Record<string, FieldSchema> };
  const arrays = Object.entries(schema.properties ?? {}).filter(([field, property]) => fieldType(property) === 'array' && !NOT_THE_LIST.has(field));
  return arrays.length === 1 ? (arrays[0]?.[0] ?? null) : null;
}
