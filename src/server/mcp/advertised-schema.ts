/**
 * The JSON Schemas a tool advertises in `tools/list`, derived from the operation's zod schemas
 * (decision 0009). Validation still runs the zod schemas; these are what a client and its model
 * read, so they are made portable and small:
 * - portable: no `$schema`, no `type` arrays (each becomes `anyOf` branches of one type), no
 *   schema that constrains nothing (an "any value" is spelled as `anyOf` of the JSON types),
 *   no `propertyNames` for string keys (JSON keys are strings), no `type` beside a `const`;
 * - input: every description kept; fields that only matter when a call writes can be left out
 *   (a read-only token's catalog, seed 000 §3.6), and so can fields that only steer delivery;
 * - output: its outline, the top-level fields with their JSON types; no prose, no bounds, nothing
 *   nested. The full output schemas are in the OpenAPI
 *   document and the docs.
 */

type Schema = Record<string, unknown>;

/** Every JSON type, each its own branch: "any JSON value" as a schema that still says what it is. */
const ANY_VALUE: readonly Schema[] = ['string', 'number', 'boolean', 'object', 'array', 'null'].map((type) => ({ type }));

/** Keywords whose value is a map of subschemas. */
const SCHEMA_MAPS = new Set(['properties', '$defs', 'patternProperties']);
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
/** Keywords whose value is one subschema. */
const SCHEMA_ONE = new Set(['items', 'additionalProperties', 'not', 'contains']);
/** Keywords that say something about a value (a schema without one accepts anything). */
const CONSTRAINING = new Set(['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not', 'properties', 'items', 'additionalProperties', '$ref', 'required', 'prefixItems', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems']);

/** The advertised input schema: portable, described, without the `hidden` fields (write-only or delivery ones) wherever they sit. */
export function advertisedInput(schema: Schema, hidden: readonly string[] = []): Schema {
  return shareRepeats(portable(compact(hidden.length === 0 ? schema : withoutFields(schema, new Set(hidden))), undefined) as Schema);
}

/** Subschemas at least this long (as JSON) that occur twice or more are written once, in `$defs`. */
const SHARED_MIN_LENGTH = 200;

/**
 * `schema` with each subschema that occurs more than once (a scope taken twice, search filters
 * in two places) written once under `$defs` and referred to as `#/$defs/<name>`, named after
 * the property it first sits in. Local references only: every client resolves those.
 */
function shareRepeats(schema: Schema): Schema {
  const seen = new Map<string, { name: string; count: number; value: Schema }>();
  const count = (node: Schema, name: string): void => {
    const { description: _description, ...shape } = node;
    const text = JSON.stringify(shape);
    if (text.length >= SHARED_MIN_LENGTH) {
      const entry = seen.get(text) ?? { name, count: 0, value: shape };
      entry.count += 1;
      seen.set(text, entry);
      // A repeat's own parts are counted once, with its first occurrence.
      if (entry.count > 1) return;
    }
    forEachSubschema(node, name, count);
  };
  forEachSubschema(schema, '', count);
  const shared = [...seen.entries()].filter(([, entry]) => entry.count > 1);
  if (shared.length === 0) return schema;
  const names = new Map(shared.map(([text, entry], index) => [text, uniqueName(entry.name, index, shared.map(([, other]) => other.name))]));
  const replace = (node: Schema): Schema => {
    const { description, ...shape } = node;
    const name = names.get(JSON.stringify(shape));
    if (name !== undefined) return { ...(description === undefined ? {} : { description }), $ref: `#/$defs/${name}` };
    return mapSubschemas(node, replace);
  };
  const defs = Object.fromEntries(shared.map(([text, entry]) => [names.get(text) ?? '', mapSubschemas(entry.value, replace)]));
  return { ...mapSubschemas(schema, replace), $defs: defs };
}

/** Calls `visit` on each direct subschema of `node` (properties, items, union branches…), with the name of the property it belongs to (else `name`). */
function forEachSubschema(node: Schema, name: string, visit: (child: Schema, name: string) => void): void {
  for (const [key, value] of Object.entries(node)) {
    if (SCHEMA_MAPS.has(key) && isRecord(value)) for (const [field, child] of Object.entries(value)) if (isRecord(child)) visit(child, key === 'properties' ? field : name);
    if (SCHEMA_LISTS.has(key) && Array.isArray(value)) for (const child of value) if (isRecord(child)) visit(child, name);
    if (SCHEMA_ONE.has(key) && isRecord(value)) visit(value, name);
  }
}

/** `node` with each direct subschema replaced by `map(subschema)`; every other keyword as it is. */
function mapSubschemas(node: Schema, map: (child: Schema) => Schema): Schema {
  const mapOne = (child: unknown): unknown => (isRecord(child) ? map(child) : child);
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (SCHEMA_MAPS.has(key) && isRecord(value)) return [key, Object.fromEntries(Object.entries(value).map(([field, child]) => [field, mapOne(child)]))];
      if (SCHEMA_LISTS.has(key) && Array.isArray(value)) return [key, value.map(mapOne)];
      return [key, SCHEMA_ONE.has(key) ? mapOne(value) : value];
    }),
  );
}

function uniqueName(name: string, index: number, all: readonly string[]): string {
  const base = name === '' ? 'shared' : name;
  return all.filter((other) => other === name).length > 1 || name === '' ? `${base}${index}` : base;
}

/**
 * An input schema with less to read and the same meaning to a model:
 * - a union of object variants told apart by one `const` field (`kind`, `op`, `mode`) becomes
 *   one object: that field an `enum` whose description lists each value (unquoted) with its own
 *   description and required fields, unless the value is the name of the one field it needs
 *   (`paths`), the other fields merged (the first variant's schema of a
 *   field wins). The zod schema still checks that a call's fields fit its variant, with an
 *   error that names the field;
 * - no `additionalProperties: false` (unknown fields are refused with `invalid_input` anyway), nor
 *   `true` beside `properties` (the default);
 * - no `type` beside an `enum` (the values say it);
 * - no bound that only says "not empty" (`minItems: 1`), "a count" (an integer's `minimum` of 0
 *   or 1) or lies far beyond any sensible value (|bound| ≥ 1,000: a page of 1,000 items, a safe
 *   integer, a month of seconds), and no string length, `maxItems` or `pattern` (an input too short, too long or of
 *   the wrong shape, such as an etag, is refused with a message that says so).
 */
function compact(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(compact);
  if (!isRecord(node)) return node;
  const merged = mergeVariants(node);
  const out: Schema = {};
  for (const [key, value] of Object.entries(merged)) {
    if (isNoise(key, value, merged)) continue;
    if ((SCHEMA_MAPS.has(key) || key === 'properties') && isRecord(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, compact(sub)]));
    else out[key] = SCHEMA_LISTS.has(key) || SCHEMA_ONE.has(key) ? compact(value) : value;
  }
  return out;
}

/** A numeric bound at least this far from zero is not worth a model's attention. */
const FAR_BOUND = 1_000;

function isNoise(key: string, value: unknown, node: Schema): boolean {
  if (key === 'additionalProperties') return value === false;
  if (key === 'type') return 'enum' in node;
  if (key === 'minItems') return value === 1;
  if (key === 'minLength' || key === 'maxLength' || key === 'maxItems' || key === 'pattern') return true;
  if (key === 'minimum' && node.type === 'integer' && (value === 0 || value === 1)) return true;
  return (key === 'maximum' || key === 'minimum') && Math.abs(value as number) >= FAR_BOUND;
}

/** `node` with its union of `const`-tagged object variants merged into one object (see `compact`); else `node`. */
function mergeVariants(node: Schema): Schema {
  const key = Array.isArray(node.oneOf) ? 'oneOf' : Array.isArray(node.anyOf) ? 'anyOf' : null;
  if (key === null) return node;
  const variants = (node[key] as unknown[]).filter(isRecord);
  const tag = variants.length < 2 || variants.length !== (node[key] as unknown[]).length ? undefined : tagOf(variants);
  if (tag === undefined) return node;
  const properties: Record<string, unknown> = {};
  const cases: string[] = [];
  for (const variant of variants) {
    const fields = variant.properties as Schema;
    const tagSchema = fields[tag] as Schema;
    const value = String(tagSchema.const);
    const needs = ((variant.required as string[] | undefined) ?? []).filter((name) => name !== tag);
    // A value named after the one field it needs (`paths`) says it already.
    const told = needs.length === 1 && needs[0] === value ? [] : needs;
    cases.push(`${value}${typeof tagSchema.description === 'string' ? `: ${tagSchema.description.replace(/\.$/, '')}` : ''}${told.length === 0 ? '' : ` (needs ${told.join(', ')})`}`);
    for (const [name, field] of Object.entries(fields)) if (name !== tag && !(name in properties)) properties[name] = field;
  }
  const { [key]: _variants, ...rest } = node;
  return { ...rest, type: 'object', properties: { [tag]: { enum: variants.map((variant) => (variant.properties as Schema)[tag] as Schema).map((field) => field.const), description: cases.join('; ') }, ...properties }, required: [tag] };
}

/** The field every variant has as a `const` of its own value, if there is one. */
function tagOf(variants: readonly Schema[]): string | undefined {
  const first = variants[0]?.properties;
  if (!isRecord(first)) return undefined;
  return Object.keys(first).find((name) => {
    const values = variants.map((variant) => (isRecord(variant.properties) && isRecord(variant.properties[name]) ? variant.properties[name].const : undefined));
    return values.every((value) => typeof value === 'string') && new Set(values).size === values.length;
  });
}

/** The advertised output schema: the outline of `schema` (top-level fields and their types). */
export function advertisedOutput(schema: Schema): Schema {
  return portable(outline(schema, 0), undefined) as Schema;
}

function portable(node: unknown, keyword: string | undefined): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
  const source = node as Schema;
  if (!Object.keys(source).some((key) => CONSTRAINING.has(key))) return keyword === 'additionalProperties' ? true : { ...source, anyOf: ANY_VALUE };
  const out: Schema = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === '$schema' || (key === 'propertyNames' && isStringType(value)) || (key === 'type' && 'const' in source)) continue;
    // Any other field is allowed by default: said only of an object with no properties to list (a record of anything).
    if (key === 'additionalProperties' && isRecord(source.properties) && portable(value, key) === true) continue;
    if (key === 'type' && Array.isArray(value)) out.anyOf = value.map((type: unknown) => ({ type }));
    else if (SCHEMA_MAPS.has(key) && isRecord(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, portable(sub, key)]));
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) out[key] = value.map((sub) => portable(sub, key));
    else if (SCHEMA_ONE.has(key)) out[key] = portable(value, key);
    else out[key] = value;
  }
  return out;
}

/** Output fields listed with their shape down to this depth; deeper, only their type. */
const OUTLINE_DEPTH = 1;

function outline(node: unknown, depth: number): Schema {
  if (!isRecord(node)) return {};
  const out: Schema = {};
  for (const key of ['type', 'const']) if (key in node) out[key] = node[key];
  for (const key of ['anyOf', 'oneOf']) if (Array.isArray(node[key])) out.anyOf = (node[key] as unknown[]).map((branch) => outline(branch, depth));
  if (depth >= OUTLINE_DEPTH) return Object.keys(out).length === 0 ? { anyOf: ANY_VALUE } : out;
  if (isRecord(node.properties)) {
    out.properties = Object.fromEntries(Object.entries(node.properties).map(([name, sub]) => [name, outline(sub, depth + 1)]));
  }
  return out;
}

function withoutFields(node: unknown, names: ReadonlySet<string>): Schema {
  if (!isRecord(node)) return node as Schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && isRecord(value)) out[key] = Object.fromEntries(Object.entries(value).filter(([name]) => !names.has(name)).map(([name, sub]) => [name, withoutFields(sub, names)]));
    else if (key === 'required' && Array.isArray(value)) out[key] = value.filter((name) => typeof name !== 'string' || !names.has(name));
    else if (Array.isArray(value)) out[key] = value.map((item) => withoutFields(item, names));
    else out[key] = isRecord(value) ? withoutFields(value, names) : value;
  }
  return out;
}

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringType(value: unknown): boolean {
  return isRecord(value) && value.type === 'string' && Object.keys(value).length === 1;
}
