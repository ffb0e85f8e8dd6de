// Keywords holding one subschema, a list of them, or a map of them by name.
const SUBSCHEMA_KEYWORDS = ['items', 'anyOf', 'oneOf', 'allOf', 'prefixItems', 'not'];
const SUBSCHEMA_MAP_KEYWORDS = ['properties', '$defs', 'definitions'];

/**
 * Whether a JSON Schema already meets OpenAI's strict structured-output rules: every object
 * lists all its properties as required and forbids others. Only such schemas are sent with
 * `strict: true`; a looser one (a caller's schema for ai_extract, say) would be refused with
 * HTTP 400 in strict mode, so it goes non-strict and the reply is validated afterwards.
 */
export function isStrictJsonSchema(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.every(isStrictJsonSchema);
  if (typeof schema !== 'object' || schema === null) return true;
  const node = schema as Record<string, unknown>;
  return isStrictObjectNode(node) && subschemasOf(node).every(isStrictJsonSchema);
}

function subschemasOf(node: Record<string, unknown>): unknown[] {
  const direct = SUBSCHEMA_KEYWORDS.map((keyword) => node[keyword]).filter((value) => value !== undefined);
  const named = SUBSCHEMA_MAP_KEYWORDS.flatMap((keyword) => Object.values(asRecord(node[keyword])));
  return [...direct, ...named];
}

function isStrictObjectNode(node: Record<string, unknown>): boolean {
  const properties = asRecord(node.properties);
  if (node.type !== 'object' && node.properties === undefined) return true;
  const required = Array.isArray(node.required) ? (node.required as unknown[]) : [];
  return node.additionalProperties === false && Object.keys(properties).every((name) => required.includes(name));
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
