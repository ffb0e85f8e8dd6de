import { IndxError } from '../../core/errors';
import type { RestRoute } from './rest-route';

/** A request matched to a route, with its decoded path parameters and remaining query. */
export interface RouteMatch {
  route: RestRoute;
  /** Input field → decoded parameter value. */
  params: Record<string, string>;
  query: URLSearchParams;
}

/**
 * Finds the route for `method` and the raw request target (`/v1/notes/A%20B.md?include=body`).
 * HEAD falls back to the GET route when no operation binds HEAD. Returns the match, or the
 * methods the path allows (empty when no route has the path). A parameter that does not
 * percent-decode is `invalid_path`.
 */
export function matchRoute(routes: readonly RestRoute[], method: string, target: string): RouteMatch | { allowed: string[] } {
  const [rawPath = '', rawQuery = ''] = splitTarget(target);
  const query = new URLSearchParams(rawQuery);
  const found = findRoute(routes, method, rawPath, query) ?? (method === 'HEAD' ? findRoute(routes, 'GET', rawPath, query) : undefined);
  if (found === undefined) return { allowed: [...new Set(routes.filter((route) => route.pattern.test(rawPath)).map((route) => route.method))] };
  const [route, groups] = found;
  if (route.qualifier !== null) query.delete(route.qualifier.key);
  const params: Record<string, string> = {};
  route.params.forEach((param, index) => (params[param.field] = decodeParam(groups[index] ?? '')));
  return { route, params, query };
}

function findRoute(routes: readonly RestRoute[], method: string, rawPath: string, query: URLSearchParams): [RestRoute, string[]] | undefined {
  for (const route of routes) {
    if (route.method !== method || (route.qualifier !== null && query.getAll(route.qualifier.key).join(',') !== route.qualifier.value)) continue;
    const match = route.pattern.exec(rawPath);
    if (match !== null) return [route, match.slice(1)];
  }
  return undefined;
}

function splitTarget(target: string): [string, string] {
  const index = target.indexOf('?');
  return index === -1 ? [target, ''] : [target.slice(0, index), target.slice(index + 1)];
}

function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new IndxError('invalid_path', `The path "${raw}" is not valid percent-encoding. Encode "%" as "%25".`, { path: raw });
  }
}
