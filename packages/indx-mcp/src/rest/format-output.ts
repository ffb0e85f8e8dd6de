import type { Operation } from '../../../../src/core/ops/operation';
import { resultText } from '../../../../src/core/ops/render/result-text';

/** How a command prints its result: pretty JSON, NDJSON of the list field, the one-line summary, or the text a model reads (as MCP `content`). */
export type OutputFormat = { kind: 'json' } | { kind: 'ndjson'; field: string } | { kind: 'summary' } | { kind: 'text' };

/**
 * The text a command prints for `output`. `ndjson` prints one compact JSON line per item of the
 * list field, then one line with the other fields (`total`, `next_cursor`…) when there are any.
 */
export function formatOutput(operation: Operation, output: Record<string, unknown>, format: OutputFormat): string {
  if (format.kind === 'summary') return `${summarize(operation, output)}\n`;
  if (format.kind === 'text') {
    const parsed = parse(operation, output);
    return `${resultText(operation, { output: parsed, summary: operation.summarize(parsed) }).trimEnd()}\n`;
  }
  if (format.kind === 'json') return `${JSON.stringify(output, null, 2)}\n`;
  const { [format.field]: items, ...rest } = output;
  const lines = (Array.isArray(items) ? items : [items]).map((item) => JSON.stringify(item));
  if (Object.keys(rest).length > 0) lines.push(JSON.stringify(rest));
  return lines.map((line) => `${line}\n`).join('');
}

/** The operation's summary of an output, read through its schema first (a server's JSON lacks nothing, but defaults apply). */
function summarize(operation: Operation, output: Record<string, unknown>): string {
  return operation.summarize(parse(operation, output));
}

function parse(operation: Operation, output: Record<string, unknown>): unknown {
  const parsed = operation.output.safeParse(output);
  return parsed.success ? parsed.data : output;
}
