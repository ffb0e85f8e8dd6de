import type { Operation } from '../../../core/ops/operation';
import { EVENT_KINDS } from '../../http/event-streams';
import { deriveRoutes, type RestRoute } from '../rest-route';
import type { JsonSchema } from './json-schema-of';
import { baseComponents, ERROR_RESPONSE } from './openapi-components';
import { toOpenApiOperation } from './openapi-operation';

/** Options of {@link buildOpenApi}. */
export interface OpenApiOptions {
  version: string;
  /** The server's base URL, listed under `servers`. */
  serverUrl?: string;
}

/**
 * The OpenAPI 3.1 document of the REST surface, generated from the registry: one path per
 * route with its parameters, request body and output schema (from the zod schemas), the
 * `{ok, data}` / `{ok: false, error}` envelopes, bearer security, and `/v1/events`.
 */
export function buildOpenApi(operations: readonly Operation[], options: OpenApiOptions): JsonSchema {
  const components = baseComponents();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [key, routes] of groupRoutes(deriveRoutes(operations))) {
    const [method = '', template = ''] = key.split(' ');
    (paths[template] ??= {})[method.toLowerCase()] = toOpenApiOperation(routes, components.schemas);
  }
  paths['/v1/events'] = { get: eventsOperation() };
  return {
    openapi: '3.1.0',
    info: { title: 'indx REST API', version: options.version, description: 'REST access to an Obsidian vault; every route is an indx operation (the same as the MCP tools and CLI commands). Responses are {ok: true, data} or {ok: false, error: {code, message, details}}.' },
    ...(options.serverUrl === undefined ? {} : { servers: [{ url: options.serverUrl }] }),
    security: [{ bearerAuth: [] }],
    paths,
    components,
  };
}

function groupRoutes(routes: readonly RestRoute[]): Map<string, RestRoute[]> {
  const groups = new Map<string, RestRoute[]>();
  for (const route of routes) {
    const key = `${route.method} ${route.template}`;
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  return groups;
}

function eventsOperation(): JsonSchema {
  return {
    operationId: 'events',
    summary: 'Vault change events',
    description: 'Server-sent events: vault changes (create, modify, delete, rename, metadata) whoever made them, audit records of mutations (audit) and AI calls (ai.invocation: op, paths, provider, model, usage, outcome; never prompts or outputs). Each event is named by its kind; data is JSON with kind and the event fields. Needs vault:read.',
    tags: ['events'],
    'x-indx-scope': 'vault:read',
    parameters: [{ name: 'kinds', in: 'query', required: false, schema: { type: 'array', items: { type: 'string', enum: [...EVENT_KINDS] } }, style: 'form', explode: false, description: 'Only these kinds, comma-separated (default: all).' }],
    responses: { '200': { description: 'An event stream.', content: { 'text/event-stream': { schema: { type: 'string' } } } }, default: ERROR_RESPONSE },
  };
}
