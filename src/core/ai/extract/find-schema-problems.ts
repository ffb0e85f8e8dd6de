import { patternRisk } from '../safe-pattern';
/** One reason a caller's JSON Schema is not usable: where in the schema (a JSON Pointer) and what. */
export interface SchemaProblem {
  path: string;
  message: string;
}

type Check = (value: unknown, at: string, problems: SchemaProblem[]) => void;

/** The JSON types of `type` (2020-12 validation §6.1.1). */
const TYPES: ReadonlySet<string> = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);

/** The 2020-12 dialect URI a `$schema` may name. */
const DIALECT = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;

/** The most nested schemas checked, against schemas built to exhaust the checker. */
const MAX_DEPTH = 64;

/**
 * Structural checks of JSON Schema 2020-12 keywords (the meta-schema's constraints for the
 * keywords a validator acts on; unknown keywords are annotations and pass): subschema keywords
 * hold schemas, `type` names JSON types, `required` lists unique strings, counts are non-negative
 * integers, regular expressions compile, `$schema` names 2020-12, `items` is one schema (the
 * array form belongs to older drafts: use `prefixItems`), and `$dynamicRef` is refused as
 * unsupported. References are checked separately (`findUnresolvedRefs`).
 */
export function findSchemaProblems(schema: unknown): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  checkSchema(schema, '', problems, 0);
  return problems;
}

function checkSchema(schema: unknown, at: string, problems: SchemaProblem[], depth: number): void {
  if (typeof schema === 'boolean') return;
  if (!isRecord(schema)) return void problems.push({ path: at || '/', message: 'a schema must be an object or a boolean' });
  if (depth > MAX_DEPTH) return void problems.push({ path: at, message: `schemas nest deeper than ${MAX_DEPTH} levels` });
  for (const [keyword, value] of Object.entries(schema)) {
    const where = `${at}/${escapePointer(keyword)}`;
    const sub = (child: unknown, childAt: string) => checkSchema(child, childAt, problems, depth + 1);
    if (keyword === 'items' && Array.isArray(value)) problems.push({ path: where, message: 'the array form of items belongs to older drafts; in 2020-12 use prefixItems' });
    else if (SUBSCHEMA.has(keyword)) sub(value, where);
    else if (SUBSCHEMA_ARRAY.has(keyword)) checkArrayOf(value, where, problems, sub);
    else if (SUBSCHEMA_MAP.has(keyword)) checkMapOf(value, where, problems, sub, keyword === 'patternProperties');
    else KEYWORD_CHECKS[keyword]?.(value, where, problems);
  }
}

const SUBSCHEMA: ReadonlySet<string> = new Set(['additionalProperties', 'unevaluatedProperties', 'items', 'unevaluatedItems', 'contains', 'propertyNames', 'not', 'if', 'then', 'else']);
const SUBSCHEMA_ARRAY: ReadonlySet<string> = new Set(['prefixItems', 'allOf', 'anyOf', 'oneOf']);
const SUBSCHEMA_MAP: ReadonlySet<string> = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

function checkArrayOf(value: unknown, at: string, problems: SchemaProblem[], sub: (child: unknown, childAt: string) => void): void {
  if (!Array.isArray(value) || value.length === 0) return void problems.push({ path: at, message: 'must be a non-empty array of schemas' });
  value.forEach((child, index) => sub(child, `${at}/${index}`));
}

function checkMapOf(value: unknown, at: string, problems: SchemaProblem[], sub: (child: unknown, childAt: string) => void, keysArePatterns: boolean): void {
  if (!isRecord(value)) return void problems.push({ path: at, message: 'must be an object whose values are schemas' });
  for (const [key, child] of Object.entries(value)) {
    if (keysArePatterns) checkPattern(key, `${at}/${escapePointer(key)}`, problems);
    sub(child, `${at}/${escapePointer(key)}`);
  }
}

const KEYWORD_CHECKS: Record<string, Check> = {
  type: checkType,
  required: checkStringSet,
  enum: (value, at, problems) => void (Array.isArray(value) || problems.push({ path: at, message: 'must be an array' })),
  pattern: (value, at, problems) => (typeof value === 'string' ? checkPattern(value, at, problems) : void problems.push({ path: at, message: 'must be a string' })),
  format: expectString,
  $ref: expectString,
  $id: expectString,
  $anchor: expectString,
  $schema: (value, at, problems) => void ((typeof value === 'string' && DIALECT.test(value)) || problems.push({ path: at, message: 'only JSON Schema 2020-12 (https://json-schema.org/draft/2020-12/schema) is accepted' })),
  ...Object.fromEntries(['$dynamicRef', '$dynamicAnchor', '$recursiveRef', '$recursiveAnchor'].map((keyword) => [keyword, unsupported])),
  dependentRequired: checkDependentRequired,
  uniqueItems: (value, at, problems) => void (typeof value === 'boolean' || problems.push({ path: at, message: 'must be true or false' })),
  multipleOf: (value, at, problems) => void ((typeof value === 'number' && value > 0) || problems.push({ path: at, message: 'must be a number above 0' })),
  ...Object.fromEntries(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].map((keyword) => [keyword, expectNumber])),
  ...Object.fromEntries(['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minContains', 'maxContains'].map((keyword) => [keyword, expectCount])),
};

function checkType(value: unknown, at: string, problems: SchemaProblem[]): void {
  const names = Array.isArray(value) ? value : [value];
  if (Array.isArray(value) && (value.length === 0 || new Set(value).size !== value.length)) problems.push({ path: at, message: 'must list each type once, at least one' });
  for (const name of names) {
    if (typeof name !== 'string' || !TYPES.has(name)) problems.push({ path: at, message: `unknown type ${JSON.stringify(name)}; expected one of ${[...TYPES].join(', ')}` });
  }
}

function checkStringSet(value: unknown, at: string, problems: SchemaProblem[]): void {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return void problems.push({ path: at, message: 'must be an array of strings' });
  if (new Set(value).size !== value.length) problems.push({ path: at, message: 'must not repeat a name' });
}

function checkDependentRequired(value: unknown, at: string, problems: SchemaProblem[]): void {
  if (!isRecord(value)) return void problems.push({ path: at, message: 'must be an object of string arrays' });
  for (const [key, names] of Object.entries(value)) checkStringSet(names, `${at}/${escapePointer(key)}`, problems);
}

function checkPattern(pattern: string, at: string, problems: SchemaProblem[]): void {
  const risk = patternRisk(pattern);
  if (risk !== null) problems.push({ path: at, message: `pattern refused: ${risk}: ${pattern}` });
}

function unsupported(_value: unknown, at: string, problems: SchemaProblem[]): void {
  problems.push({ path: at, message: 'dynamic and recursive references are not supported; use $ref' });
}

function expectString(value: unknown, at: string, problems: SchemaProblem[]): void {
  if (typeof value !== 'string') problems.push({ path: at, message: 'must be a string' });
}

function expectNumber(value: unknown, at: string, problems: SchemaProblem[]): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) problems.push({ path: at, message: 'must be a number' });
}

function expectCount(value: unknown, at: string, problems: SchemaProblem[]): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) problems.push({ path: at, message: 'must be a non-negative integer' });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Escapes a key for a JSON Pointer (RFC 6901: `~` → `~0`, `/` → `~1`). */
function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
