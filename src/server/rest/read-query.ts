import { fieldType, type FieldSchema, type InputSchema } from './input-fields';

/**
 * Reads query parameters into input fields, typed by the operation's schema: arrays from
 * comma lists or repeated keys, numbers and booleans coerced, objects from JSON. A value that
 * does not convert is passed on as written, so the schema reports it.
 */
export function readQuery(query: URLSearchParams, input: InputSchema): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of new Set(query.keys())) values[key] = convert(query.getAll(key), input.properties[key]);
  return values;
}

function convert(raw: string[], field: FieldSchema | undefined): unknown {
  const type = fieldType(field);
  if (type === 'array') return raw.flatMap((value) => value.split(',')).map((item) => item.trim()).filter((item) => item !== '').map((item) => toScalar(item, fieldType(field?.items)));
  const last = raw[raw.length - 1] ?? '';
  if (type === 'object') return parseJson(last);
  return toScalar(last, type);
}

function toScalar(value: string, type: string | undefined): unknown {
  if (type === 'number' || type === 'integer') return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
  if (type === 'boolean') return value === '' || value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
  return value;
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
