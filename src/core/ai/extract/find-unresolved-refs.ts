import { dereference, type Schema } from '@cfworker/json-schema';
import type { SchemaProblem } from './find-schema-problems';

/** A schema object as the validator's `dereference` leaves it: its own URI and its `$ref`'s, resolved. */
interface DereferencedSchema {
  $ref?: unknown;
  __absolute_uri__?: string;
  __absolute_ref__?: string;
}

/**
 * The `$ref`s of a schema that point nowhere inside it: the validator resolves references only
 * against the schema itself (nothing is fetched), and an unresolved one would fail only when
 * validation reaches it, so every one is checked up front. Works on a copy (`dereference` marks
 * the objects it visits); a schema the validator cannot index (two subschemas claiming the same
 * `$id`) is reported too.
 */
export function findUnresolvedRefs(schema: Record<string, unknown> | boolean): SchemaProblem[] {
  const copy = JSON.parse(JSON.stringify(schema)) as Schema | boolean;
  let lookup: Record<string, Schema | boolean>;
  try {
    lookup = dereference(copy);
  } catch (error: unknown) {
    return [{ path: '/', message: error instanceof Error ? error.message : 'the schema cannot be indexed' }];
  }
  const problems: SchemaProblem[] = [];
  visit(copy, '', (node, at) => {
    if (typeof node.$ref !== 'string' || node.__absolute_uri__ === undefined) return;
    if (lookup[node.__absolute_ref__ ?? node.$ref] === undefined) problems.push({ path: `${at}/$ref`, message: `$ref "${node.$ref}" does not resolve to a subschema of this schema (remote references are not fetched)` });
  });
  return problems;
}

function visit(value: unknown, at: string, onObject: (node: DereferencedSchema, at: string) => void): void {
  if (typeof value !== 'object' || value === null) return;
  if (!Array.isArray(value)) onObject(value, at);
  for (const [key, child] of Object.entries(value)) visit(child, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, onObject);
}
