import { IndxError } from '../../errors';
import { parseBase } from '../../bases/base/parse-base';
import { runView } from '../../bases/base/run-view';
import type { ViewDefinition } from '../../bases/base/base-definition';
import { loadCanvasLinks } from '../../bases/vault/canvas-links';
import { createVaultSnapshot } from '../../bases/vault/vault-snapshot';
import { requireFile } from '../../vault/mutate-file';
import { toVaultPath } from '../../vault/paths';
import { fromCursor, toCursor } from '../cursor';
import { defineOperation, READ_ONLY } from '../operation';
import type { OperationContext } from '../operation-context';
import { baseQueryInput, baseQueryOutput } from './base-query-schema';

/** `base_query`: runs one view of a `.base` file over the vault and returns a page of its rows. */
export const baseQuery = defineOperation({
  name: 'base_query',
  title: 'Run a base',
  description: "Run a view of an Obsidian Bases file (.base) as Obsidian shows it: columns, a page of rows, totals, groups, summaries. Dates are UTC. base_unsupported for constructs indx does not evaluate.",
  input: baseQueryInput,
  output: baseQueryOutput,
  scope: 'vault:read',
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/bases/{path}/query' },
  cli: ['base', 'query'],
  async run(input, context) {
    const path = toBasePath(input.path);
    requireFile(context, path);
    const text = await context.host.read(path);
    const parsed = parseBase(text);
    if (!parsed.ok) throw parsed.error;
    const view = selectView(parsed.value.views, input.view, path);
    const thisPath = input.this_path === undefined ? path : existingPath(context, input.this_path);
    const offset = fromCursor(input.cursor);
    const snapshot = createVaultSnapshot(context.host, await loadCanvasLinks(context.host));
    const queryContext = { snapshot, now: context.clock(), random: Math.random, basePath: path, thisPath, formulas: new Map([...parsed.value.formulas].map(([name, formula]) => [name, formula.node])) };
    const result = runView(parsed.value, view, queryContext, { offset, size: input.limit });
    return {
      path,
      etag: context.etag(text),
      view: { name: view.name, type: view.type },
      views: parsed.value.views.map((candidate) => candidate.name),
      this_path: thisPath,
      time_zone: 'UTC' as const,
      ...result,
      next_cursor: toCursor(offset + input.limit, result.total),
    };
  },
  summarize: (output) => `Ran view "${output.view.name}" of ${output.path}: ${output.rows.length} of ${output.total} rows${output.next_cursor === null ? '' : ' (more available)'}${output.problems.count === 0 ? '' : `, ${output.problems.count} row errors`}.`,
});

/** A `.base` path: checked like every vault path, `.base` appended when missing. */
function toBasePath(input: string): string {
  const path = toVaultPath(input);
  return path.endsWith('.base') ? path : `${path}.base`;
}

function existingPath(context: OperationContext, input: string): string {
  const path = toVaultPath(input);
  if (context.host.stat(path) !== null) return path;
  if (context.host.stat(`${path}.md`) !== null) return `${path}.md`;
  throw new IndxError('not_found', `No file at "${input}" for this_path. Pass the path of the note that embeds the base, or omit this_path.`, { path: input });
}

function selectView(views: readonly ViewDefinition[], name: string | undefined, path: string): ViewDefinition {
  const view = name === undefined ? views[0] : views.find((candidate) => candidate.name === name);
  if (view !== undefined) return view;
  throw new IndxError('not_found', `The base "${path}" has no view named "${name ?? ''}". Its views: ${views.map((candidate) => `"${candidate.name}"`).join(', ')}.`, { path, view: name ?? null, views: views.map((candidate) => candidate.name) });
}
