import type { RestRoute } from '../rest-route';
import { jsonSchemaOf, type JsonSchema } from './json-schema-of';
import { ERROR_RESPONSE, successEnvelope } from './openapi-components';

const QUERY_METHODS = new Set(['GET', 'HEAD', 'DELETE']);

/**
 * The OpenAPI operation for the routes sharing one method and path. Usually one route; several
 * when a qualified route shares the path (`GET /v1/notes/{path}` reads the note, and with
 * `include=outline` runs note_outline): the response is then `oneOf` their outputs.
 */
export function toOpenApiOperation(routes: readonly RestRoute[], components: Record<string, JsonSchema>): JsonSchema {
  const main = routes.find((route) => route.qualifier === null) ?? routes[0];
  if (main === undefined) throw new Error('toOpenApiOperation needs at least one route');
  const variants = routes.filter((route) => route !== main);
  return {
    operationId: main.operation.name,
    summary: main.operation.title,
    description: [main.operation.description, ...variants.map(describeVariant)].join('\n\n'),
    tags: [main.template.split('/')[2] ?? 'v1'],
    'x-indx-scope': main.operation.scope,
    parameters: parametersOf(main),
    ...requestBodyOf(main),
    responses: responsesOf(main, routes, components),
  };
}

function describeVariant(route: RestRoute): string {
  const qualifier = route.qualifier === null ? '' : ` With ${route.qualifier.key}=${route.qualifier.value}:`;
  return `${route.operation.name} (${route.operation.title}).${qualifier} ${route.operation.description}`;
}

function parametersOf(route: RestRoute): JsonSchema[] {
  const pathFields = new Set(route.params.map((param) => param.field));
  const parameters: JsonSchema[] = route.params.map((param) => ({ name: param.name, in: 'path', required: true, schema: { type: 'string' }, description: `${route.input.properties[param.field]?.description ?? param.name} May contain "/" (sent as is or percent-encoded).` }));
  // With a raw binary body, the other fields travel in the query string.
  const rawField = binaryInputOf(route);
  if (QUERY_METHODS.has(route.method) || rawField !== null) {
    const querySuffix = rawField === null ? '' : ' In the query string when the body is the raw bytes; else in the JSON body.';
    for (const [name, schema] of Object.entries(route.input.properties)) {
      if (pathFields.has(name) || name === 'if_match' || name === rawField) continue;
      parameters.push({ name, in: 'query', required: rawField === null && route.input.required.includes(name), schema: withoutDescription(schema), description: `${schema.description ?? name}${isList(schema) ? ' Comma-separated or repeated.' : ''}${querySuffix}` });
    }
  }
  if ('if_match' in route.input.properties) parameters.push({ name: 'If-Match', in: 'header', required: false, schema: { type: 'string' }, description: 'ETag from a read (quoted, bare or W/; a list matches when any entry does), or * for "the note must exist". The write fails with 412 etag_mismatch when the file changed since, or (PUT) when the note does not exist.' });
  if (!QUERY_METHODS.has(route.method) || route.method === 'DELETE') parameters.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 }, description: 'Replays the stored successful response for the same key and body (key order ignored) within 24 h (X-Indx-Idempotent-Replay: true); 409 idempotency_key_reused for a different body. A duplicate sent while the first is running waits for it; if the first failed, the duplicate runs on its own.' });
  return parameters;
}

function requestBodyOf(route: RestRoute): JsonSchema {
  if (QUERY_METHODS.has(route.method)) return {};
  const pathFields = new Set(route.params.map((param) => param.field));
  const properties = Object.fromEntries(Object.entries(route.input.properties).filter(([name]) => !pathFields.has(name)));
  if (Object.keys(properties).length === 0) return {};
  const required = route.input.required.filter((name) => !pathFields.has(name));
  const json = { 'application/json': { schema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) } } };
  const rawField = binaryInputOf(route);
  if (rawField === null) return { requestBody: { required: required.length > 0, content: json } };
  const description = `The file's bytes as the raw body, with any Content-Type but JSON (image/png, application/octet-stream…), the other fields in the query string; or a JSON body with the bytes base64 in ${rawField}.`;
  return { requestBody: { required: true, description, content: { ...json, '*/*': { schema: { type: 'string', format: 'binary' } } } } };
}

/** The input field a raw request body fills (see `BinaryField`), or null. */
function binaryInputOf(route: RestRoute): string | null {
  const binary = route.operation.binary;
  return binary !== undefined && 'input' in binary ? binary.input : null;
}

function responsesOf(main: RestRoute, routes: readonly RestRoute[], components: Record<string, JsonSchema>): JsonSchema {
  if (main.method === 'HEAD') return { '200': { description: 'It exists.' }, '404': { description: 'It does not exist.' }, default: ERROR_RESPONSE };
  const outputs = routes.map((route) => jsonSchemaOf(route.operation.output, 'output', `${route.operation.name}_`, components));
  const data = outputs.length === 1 ? (outputs[0] as JsonSchema) : { oneOf: outputs };
  const success = { description: describeSuccess(main), content: { 'application/json': { schema: successEnvelope(data) }, ...streamContent(main), ...bytesContent(main) } };
  const created = hasCreated(outputs[0]) ? { '201': { ...success, description: 'Created: {ok: true, data}.' } } : {};
  return { '200': success, ...created, default: ERROR_RESPONSE };
}

function describeSuccess(route: RestRoute): string {
  const binary = route.operation.binary;
  if (binary === undefined || !('output' in binary)) return 'Success: {ok: true, data}.';
  return `Success: the file's raw bytes, with its MIME type as Content-Type, unless Accept names application/json; then {ok: true, data} with the bytes base64 in ${binary.output}.`;
}

/** An operation with a binary output answers with the file's raw bytes (see `BinaryField`). */
function bytesContent(route: RestRoute): JsonSchema {
  const binary = route.operation.binary;
  return binary !== undefined && 'output' in binary ? { '*/*': { schema: { type: 'string', format: 'binary' } } } : {};
}

/** A streaming operation also answers `Accept: text/event-stream` with its events (seed 002 §7). */
function streamContent(route: RestRoute): JsonSchema {
  if (route.operation.streams !== true) return {};
  const description = 'With Accept: text/event-stream: server-sent events ai.partial {type, delta}, ai.citation {type, citation}, ai.usage {type, usage}, ai.progress {type, message, progress, total?}, then exactly one ai.complete {type, data: <the JSON data>} or ai.error {type, error: {code, message, details}}. Failures before the first event answer with the JSON error envelope and status.';
  return { 'text/event-stream': { schema: { type: 'string', description } } };
}

function hasCreated(schema: JsonSchema | undefined): boolean {
  const properties = schema?.properties as Record<string, unknown> | undefined;
  return properties !== undefined && 'created' in properties;
}

function isList(schema: JsonSchema): boolean {
  return schema.type === 'array';
}

function withoutDescription(schema: JsonSchema): JsonSchema {
  const { description: _description, ...rest } = schema;
  return rest;
}
