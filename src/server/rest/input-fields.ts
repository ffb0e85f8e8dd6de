import { z } from 'zod';
import type { Operation } from '../../core/ops/operation';

/** The JSON Schema of one input field, as far as REST needs it to read query strings. */
export interface FieldSchema {
  type?: string | string[];
  items?: FieldSchema;
  anyOf?: FieldSchema[];
  description?: string;
  [keyword: string]: unknown;
}

/** An operation's input as JSON Schema (`z.toJSONSchema`, input side). */
export interface InputSchema {
  properties: Record<string, FieldSchema>;
  required: string[];
}

/** The input JSON Schema of `operation`: its fields and which are required. */
export function inputSchemaOf(operation: Operation): InputSchema {
  const schema = z.toJSONSchema(operation.input, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, FieldSchema>; required?: string[] };
  return { properties: schema.properties ?? {}, required: schema.required ?? [] };
}

/** The primitive type of a field (`string`, `number`, `array`…), looking through `anyOf` and nullability. */
export function fieldType(field: FieldSchema | undefined): string | undefined {
  if (field === undefined) return undefined;
  if (typeof field.type === 'string') return field.type;
  if (Array.isArray(field.type)) return field.type.find((type) => type !== 'null');
  return field.anyOf?.map(fieldType).find((type) => type !== undefined && type !== 'null');
}
