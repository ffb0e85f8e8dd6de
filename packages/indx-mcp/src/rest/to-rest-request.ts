import { fromBase64, toBase64 } from '../../../../src/core/attachments/base64';
import { IndxError } from '../../../../src/core/errors';
import type { Operation } from '../../../../src/core/ops/operation';
import { fieldType, type FieldSchema } from '../../../../src/server/rest/input-fields';
import { matchRoute } from '../../../../src/server/rest/match-route';
import { deriveRoutes, type RestRoute } from '../../../../src/server/rest/rest-route';

/** An HTTP request for one operation: method, request target (path and query) and JSON body. */
export interface RestRequest {
  /** The route the request is for. */
  route: RestRoute;
  method: RestRoute['method'];
  /** Path and query, percent-encoded, e.g. `/v1/notes/Daily/2026-11-21.md?include=body`. */
  target: string;
  /** The JSON body (POST, PUT, PATCH); undefined otherwise. */
  body: Record<string, unknown> | undefined;
  /** A file's raw bytes, sent as the body instead of JSON (see `BinaryField`). */
  bytes?: Uint8Array;
}

/** Methods whose input travels in the query string; the others send a JSON body. */
const QUERY_METHODS = new Set(['GET', 'HEAD', 'DELETE']);

/**
 * Builds the request the server's router (`src/server/rest`) turns back into `input` for
 * `operation`: path parameters fill the route's `{name}` slots, the other fields go in the query
 * string (GET, HEAD, DELETE: arrays as comma lists, objects as JSON) or the JSON body; the bytes
 * of a binary input field are the raw body, the other fields then in the query string. The route
 * comes from the server's own derivation, so a new operation needs nothing here. `routes` are
 * every route the server may have, to keep a qualified route (`?include=outline`) from
 * capturing a request meant for its unqualified twin.
 */
export function toRestRequest(operation: Operation, input: Record<string, unknown>, routes: readonly RestRoute[] = deriveRoutes([operation])): RestRequest {
  const route = routes.find((candidate) => candidate.operation.name === operation.name) ?? deriveRoutes([operation])[0];
  if (route === undefined) throw new Error(`No REST route for ${operation.name}.`);
  const params = new Set(route.params.map((param) => param.field));
  const rest = Object.fromEntries(Object.entries(input).filter(([field, value]) => !params.has(field) && value !== undefined));
  const path = route.params.reduce((template, param) => template.replace(`{${param.name}}`, encodeParam(param.field, input[param.field])), route.template);
  const raw = rawBodyOf(operation, rest);
  if (raw !== null) return { route, method: route.method, target: withQuery(path, toQuery(route, raw.fields)), body: undefined, bytes: raw.bytes };
  if (!QUERY_METHODS.has(route.method)) return { route, method: route.method, target: withQuery(path, qualifierQuery(route)), body: rest };
  return { route, method: route.method, target: withQuery(path, keepOwnRoute(routes, route, path, toQuery(route, rest))), body: undefined };
}

/**
 * The bytes of an operation's binary input field (see `BinaryField`), sent raw rather than as
 * base64 in JSON, and the other fields, which then travel in the query string; null when the
 * operation has none or the field is not canonical base64.
 */
function rawBodyOf(operation: Operation, fields: Record<string, unknown>): { bytes: Uint8Array; fields: Record<string, unknown> } | null {
  const binary = operation.binary;
  if (binary === undefined || !('input' in binary)) return null;
  const { [binary.input]: data, ...others } = fields;
  const bytes = typeof data === 'string' ? fromBase64(data) : null;
  // Only canonical base64 goes raw, so the server reads back the very text given; the rest stays JSON for it to judge.
  return bytes === null || toBase64(bytes) !== data ? null : { bytes, fields: others };
}

function toQuery(route: RestRoute, fields: Record<string, unknown>): URLSearchParams {
  const query = qualifierQuery(route);
  for (const [field, value] of Object.entries(fields)) appendField(query, field, value, route.input.properties[field]);
  return query;
}

function encodeParam(field: string, value: unknown): string {
  if (value === undefined || value === '') throw new IndxError('invalid_input', `${field} is required: pass it as the command's first argument or as --${field.replace(/_/g, '-')}.`, { field });
  // Slashes stay readable: the server's `{name}` slot spans segments and decodes each escape.
  return encodeURIComponent(toText(value)).replace(/%2F/g, '/');
}

function qualifierQuery(route: RestRoute): URLSearchParams {
  return new URLSearchParams(route.qualifier === null ? [] : [[route.qualifier.key, route.qualifier.value]]);
}

function appendField(query: URLSearchParams, field: string, value: unknown, schema: FieldSchema | undefined): void {
  if (value === null) return;
  if (Array.isArray(value) && fieldType(schema) === 'array') return query.append(field, value.map(toText).join(','));
  query.append(field, toText(value));
}

/** Text for a query or path: scalars as written, anything else as JSON. */
function toText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

/**
 * A query such as `include=outline` would select the qualified route of another operation
 * (`note_outline`); an empty extra value of the same key keeps the request on its own route
 * and reads back as the same list on the server.
 */
function keepOwnRoute(routes: readonly RestRoute[], route: RestRoute, path: string, query: URLSearchParams): URLSearchParams {
  const match = matchRoute(routes, route.method, withQuery(path, query));
  if ('allowed' in match || match.route === route || match.route.qualifier === null) return query;
  query.append(match.route.qualifier.key, '');
  return query;
}

function withQuery(path: string, query: URLSearchParams): string {
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}
