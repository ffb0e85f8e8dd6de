import * as z from 'zod';
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

interface ObjectSchema {
  properties?: Record<string, FieldSchema>;
  required?: string[];
  oneOf?: ObjectSchema[];
  anyOf?: ObjectSchema[];
}

/**
 * The input JSON Schema of `operation`: its fields and which are required. An input that is a
 * union of objects (`ai_toc`: note mode or MOC mode) has the fields of every branch; a field
 * that is a constant in each branch (the `mode` discriminator) becomes an enum of them; a field
 * is required only when every branch requires it.
 */
export function inputSchemaOf(operation: Operation): InputSchema {
  const schema = z.toJSONSchema(operation.input, { io: 'input', unrepresentable: 'any' }) as ObjectSchema;
  const branches = schema.oneOf ?? schema.anyOf;
  if (schema.properties !== undefined || branches === undefined) return { properties: schema.properties ?? {}, required: schema.required ?? [] };
  return mergeBranches(branches);
}

function mergeBranches(branches: readonly ObjectSchema[]): InputSchema {
  const properties: Record<string, FieldSchema> = {};
  for (const branch of branches) {
    for (const [name, field] of Object.entries(branch.properties ?? {})) properties[name] = mergeField(properties[name], field);
  }
  const required = Object.keys(properties).filter((name) => branches.every((branch) => branch.required?.includes(name) === true));
  return { properties, required };
}

function mergeField(existing: FieldSchema | undefined, field: FieldSchema): FieldSchema {
  if (existing === undefined) return field;
  if (!('const' in field) || !('const' in existing || 'enum' in existing)) return existing;
  const { const: first, ...rest } = existing;
  const values: unknown[] = Array.isArray(existing.enum) ? (existing.enum as unknown[]) : [first];
  const description = [existing.description, field.description].filter((text) => text !== undefined).join(' ');
  return { ...rest, enum: [...values, field.const], ...(description === '' ? {} : { description }) };
}

/** The primitive type of a field (`string`, `number`, `array`…), looking through `anyOf` and nullability. */
export function fieldType(field: FieldSchema | undefined): string | undefined {
  if (field === undefined) return undefined;
  if (typeof field.type === 'string') return field.type;
  if (Array.isArray(field.type)) return field.type.find((type) => type !== 'null');
  return field.anyOf?.map(fieldType).find((type) => type !== undefined && type !== 'null');
}
