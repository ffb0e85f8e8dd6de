import type { Operation } from '../../../../src/core/ops/operation';

/** How a command prints its result: pretty JSON, NDJSON of the list field, or the one-line summary. */
export type OutputFormat = { kind: 'json' } | { kind: 'ndjson'; field: string } | { kind: 'summary' };

/**
 * The text a command prints for `output`. `ndjson` prints one compact JSON line per item of the
 * list field, then one line with the other fields (`total`, `next_cursor`…) when there are any.
 */
export function formatOutput(operation: Operation, output: Record<string, unknown>, format: OutputFormat): string {
  if (format.kind === 'summary') return `${summarize(operation, output)}\n`;
  if (format.kind === 'json') return `${JSON.stringify(output, null, 2)}\n`;
  const { [format.field]: items, ...rest } = output;
  const lines = (Array.isArray(items) ? items : [items]).map((item) => JSON.stringify(item));
  if (Object.keys(rest).length > 0) lines.push(JSON.stringify(rest));
  return lines.map((line) => `${line}\n`).join('');
}

/** The operation's summary of an output, read through its schema first (a server's JSON lacks nothing, but defaults apply). */
function summarize(operation: Operation, output: Record<string, unknown>): string {
  const parsed = operation.output.safeParse(output);
  return operation.summarize(parsed.success ? parsed.data : output);
}
