import { citationCandidateJsonSchema } from '../grounding/citation-json-schema';

type JsonValue = unknown;

/** Where the caller's schema sits inside the reply schema. */
const EMBEDDED_AT = '/properties/data/anyOf/0';

/**
 * The JSON Schema of the model's reply for one note: `{data, confidence, citations[]}` where
 * `data` follows the caller's schema or is null (nothing to extract). The caller's schema is
 * embedded, so its document-relative references (`#/$defs/x`, `#`) are rebased onto the
 * embedding point, unless it has its own `$id` (then they already resolve against it); a
 * top-level `$schema` of an embedded schema without `$id` is left out, as 2020-12 allows it only
 * at a resource root.
 */
export function extractJsonSchema(schema: Record<string, unknown> | boolean): Record<string, unknown> {
  const embedded = typeof schema === 'boolean' ? schema : embed(schema);
  return {
    type: 'object',
    properties: {
      data: { anyOf: [embedded, { type: 'null' }], description: 'What the note holds, following the schema; null when the note holds nothing of the kind.' },
      confidence: { type: 'number', description: 'How sure the data is complete and right, from 0 to 1.' },
      citations: { type: 'array', items: citationCandidateJsonSchema, description: 'The lines of the note the data comes from.' },
    },
    required: ['data', 'confidence', 'citations'],
    additionalProperties: false,
  };
}

function embed(schema: Record<string, unknown>): JsonValue {
  if (typeof schema.$id === 'string') return schema;
  const rest = { ...schema };
  delete rest.$schema;
  return rebase(rest, true);
}

/** Keywords whose values are data, not schemas: never rewritten. */
const DATA_KEYWORDS: ReadonlySet<string> = new Set(['enum', 'const', 'default', 'examples']);

/** Rewrites fragment references below the embedding point, stopping at subschemas with their own `$id`. */
function rebase(value: JsonValue, isRoot: boolean): JsonValue {
  if (Array.isArray(value)) return value.map((item) => rebase(item, false));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  if (!isRoot && typeof record.$id === 'string') return record;
  return Object.fromEntries(Object.entries(record).map(([key, child]) => [key, rebaseEntry(key, child)]));
}

function rebaseEntry(key: string, child: JsonValue): JsonValue {
  if (DATA_KEYWORDS.has(key)) return child;
  return key === '$ref' && typeof child === 'string' && child.startsWith('#') ? rebaseRef(child) : rebase(child, false);
}

function rebaseRef(ref: string): string {
  return ref === '#' ? `#${EMBEDDED_AT}` : ref.startsWith('#/') ? `#${EMBEDDED_AT}${ref.slice(1)}` : ref;
}
