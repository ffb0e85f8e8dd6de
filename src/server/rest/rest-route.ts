import type { HttpBinding, Operation } from '../../core/ops/operation';
import { inputSchemaOf, type InputSchema } from './input-fields';

/** A query parameter that selects a route, from a binding such as `/v1/notes/{path}?include=outline`. */
export interface RouteQualifier {
  key: string;
  value: string;
}

/** One REST route derived from an operation's HTTP binding. */
export interface RestRoute {
  operation: Operation;
  method: HttpBinding['method'];
  /** The path template without its qualifier, e.g. `/v1/notes/{path}`. */
  template: string;
  /** Matches the raw (still percent-encoded) request path; one group per parameter. */
  pattern: RegExp;
  /** Parameter name → the input field it fills. */
  params: { name: string; field: string }[];
  qualifier: RouteQualifier | null;
  input: InputSchema;
}

/**
 * Derives the REST routes from the registry's operations. Rules:
 * - `{name}` in a path matches one or more characters, slashes included
 *   (`/v1/notes/{path}` matches `/v1/notes/Daily/2026-11-21.md`); it fills the input field of
 *   the same name, or the schema's first field when there is none (`note_move`'s `from`).
 * - `?key=value` after a template makes a qualified route: it is chosen when the request's
 *   query has `key` equal to exactly `value`, and the qualifier is consumed (`note_outline`
 *   is `GET /v1/notes/{path}?include=outline`; any other `include` reads the note).
 * Routes are ordered most specific first: qualified, then fewer parameters, then longer literals.
 */
export function deriveRoutes(operations: readonly Operation[]): RestRoute[] {
  return operations.map(toRoute).sort(bySpecificity);
}

function toRoute(operation: Operation): RestRoute {
  const [template = '', query] = operation.http.path.split('?');
  const input = inputSchemaOf(operation);
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
  const source = template.split(/\{[^}]+\}/).map(escapeRegExp).join('(.+)');
  const fields = Object.keys(input.properties);
  return {
    operation,
    method: operation.http.method,
    template,
    pattern: new RegExp(`^${source}$`),
    params: names.map((name) => ({ name, field: name in input.properties ? name : fields[0] ?? name })),
    qualifier: query === undefined ? null : toQualifier(query),
    input,
  };
}

function toQualifier(query: string): RouteQualifier {
  const [key = '', value = ''] = query.split('=');
  return { key: decodeURIComponent(key), value: decodeURIComponent(value) };
}

function bySpecificity(a: RestRoute, b: RestRoute): number {
  return Number(a.qualifier === null) - Number(b.qualifier === null) || a.params.length - b.params.length || literalLength(b) - literalLength(a);
}

function literalLength(route: RestRoute): number {
  return route.template.replace(/\{[^}]+\}/g, '').length;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
