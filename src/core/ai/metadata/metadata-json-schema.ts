import { citationCandidateJsonSchema } from '../grounding/citation-json-schema';
import type { MetadataFieldSpec, MetadataFieldType } from './metadata-field-spec';

type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema the model's reply for one note must follow:
 * `{fields: {<key>: {value, confidence, rationale, evidence[]}}}` with every requested key
 * present, `value` typed per field and nullable (null: the note does not state it). Enum values
 * are constrained; a pattern and min/max are only described, since providers support them
 * unevenly and the runtime enforces them after generation anyway.
 */
export function metadataJsonSchema(fields: readonly MetadataFieldSpec[]): JsonSchema {
  const properties = Object.fromEntries(fields.map((field) => [field.key, fieldEntrySchema(field)]));
  const fieldsObject = { type: 'object', properties, required: fields.map((field) => field.key), additionalProperties: false };
  return { type: 'object', properties: { fields: fieldsObject }, required: ['fields'], additionalProperties: false };
}

function fieldEntrySchema(field: MetadataFieldSpec): JsonSchema {
  return {
    type: 'object',
    description: hintOf(field),
    properties: {
      value: nullable(valueSchema(field, field.type)),
      confidence: { type: 'number', description: 'How sure the value is right, from 0 to 1.' },
      rationale: { type: 'string', description: 'One sentence: why this value.' },
      evidence: { type: 'array', items: citationCandidateJsonSchema, description: 'The lines of the note that state the value.' },
    },
    required: ['value', 'confidence', 'rationale', 'evidence'],
    additionalProperties: false,
  };
}

function valueSchema(field: MetadataFieldSpec, type: MetadataFieldType): JsonSchema {
  switch (type) {
    case 'list':
      return { type: 'array', items: valueSchema(field, field.list_item_type ?? 'string') };
    case 'enum':
      return { type: 'string', enum: [...(field.enum ?? [])] };
    case 'number':
    case 'boolean':
      return { type };
    default:
      return { type: 'string' };
  }
}

function nullable(schema: JsonSchema): JsonSchema {
  const enumValues = schema.enum as unknown[] | undefined;
  return { ...schema, type: [schema.type, 'null'], ...(enumValues === undefined ? {} : { enum: [...enumValues, null] }) };
}

/** What the model is told about a field beyond its JSON type. */
function hintOf(field: MetadataFieldSpec): string {
  const parts = [`Property "${field.key}" (${typeHint(field)}).`];
  if (field.description !== undefined) parts.push(field.description);
  if (field.pattern !== undefined) parts.push(`Text must match the regular expression ${field.pattern}.`);
  const unit = field.type === 'list' ? ' items' : '';
  if (field.min !== undefined) parts.push(`At least ${field.min}${unit}.`);
  if (field.max !== undefined) parts.push(`At most ${field.max}${unit}.`);
  return parts.join(' ');
}

function typeHint(field: MetadataFieldSpec, type: MetadataFieldType = field.type): string {
  switch (type) {
    case 'list':
      return `a list whose items are each ${typeHint(field, field.list_item_type ?? 'string')}`;
    case 'enum':
      return `exactly one of: ${(field.enum ?? []).join(', ')}`;
    case 'date':
      return 'a date as YYYY-MM-DD';
    case 'datetime':
      return 'a date and time in ISO 8601 with a zone, e.g. 2026-05-03T14:30:00Z';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true or false';
    default:
      return 'text';
  }
}
