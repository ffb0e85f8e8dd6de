import type { Caller, Engine } from '../../core/engine';
import { IndxError, isIndxError } from '../../core/errors';
import { etagMismatch } from '../../core/vault/mutate-file';
import type { IfMatchCondition } from './read-if-match';
import type { RestRoute } from './rest-route';

const ETAG_FORMAT = /^[0-9a-f]{16}$/;

/**
 * Turns an `If-Match` condition into the operation's `if_match` input, following RFC 9110
 * §13.1.1: `*` matches any current version, a list matches when it holds the current ETag, and
 * a tag that cannot match fails with 412 `etag_mismatch` (never 400). When no condition is met
 * the operation must not run, so every failure throws. In detail:
 * - a single well-formed tag on PATCH, DELETE or POST is passed through and checked atomically
 *   by the operation; `*` there adds nothing (the operation answers 404 for a missing note);
 * - PUT (which would create a missing note) and lists or tags that need the current ETag read
 *   it first: a missing note is 412 for PUT, 404 otherwise; a match becomes `if_match` with the
 *   current ETag, so a change in between still fails with 412 inside the write;
 * - an operation without `if_match` has no ETag, so any tag fails with 412 and `*` is ignored.
 */
export async function resolveIfMatch(engine: Engine, route: RestRoute, input: Record<string, unknown>, caller: Caller, condition: IfMatchCondition | null): Promise<Record<string, unknown>> {
  if (condition === null) return {};
  if (!('if_match' in route.input.properties)) return condition === '*' ? {} : noEtag(route, condition);
  const candidates = condition === '*' ? null : condition.filter((tag) => ETAG_FORMAT.test(tag));
  if (route.method !== 'PUT') {
    if (candidates === null) return {};
    if (candidates.length === 1) return { if_match: candidates[0] };
  }
  const target = input[route.params[0]?.field ?? 'path'];
  const path = typeof target === 'string' ? target : '';
  const current = await currentEtag(engine, route, path, caller);
  if (current === null) throw route.method === 'PUT' ? missingForPut(path, condition) : missing(path);
  if (candidates === null || candidates.includes(current)) return { if_match: current };
  throw etagMismatch(path, describe(condition), current);
}

/**
 * The current ETag of the file `route`'s operation writes at `path`, read through the read
 * operation its binding names (`etagFrom`, default `note_read`) so the path is completed the
 * same way; null when there is none.
 */
async function currentEtag(engine: Engine, route: RestRoute, path: string, caller: Caller): Promise<string | null> {
  const from = route.operation.http.etagFrom;
  const read = from === undefined ? { name: 'note_read', input: { path, include: [] } } : { name: from, input: { path } };
  try {
    const { output } = await engine.call(read.name, read.input, caller);
    return (output as { etag: string }).etag;
  } catch (error: unknown) {
    if (isIndxError(error) && error.code === 'not_found') return null;
    throw error;
  }
}

function noEtag(route: RestRoute, condition: string[]): never {
  const name = route.operation.name;
  throw new IndxError('etag_mismatch', `${name} has no ETag to compare, so If-Match "${describe(condition)}" cannot match. Remove the If-Match header.`, { operation: name, expected: describe(condition), current_etag: null });
}

function missingForPut(path: string, condition: IfMatchCondition): IndxError {
  return new IndxError('etag_mismatch', `"${path}" does not exist, so If-Match "${describe(condition)}" cannot match. Omit If-Match to create it.`, { path, expected: describe(condition), current_etag: null });
}

function missing(path: string): IndxError {
  return new IndxError('not_found', `No note at "${path}". Check the path with note_list or vault_search.`, { path });
}

function describe(condition: IfMatchCondition): string {
  return condition === '*' ? '*' : condition.join(', ');
}
