import type { Operation } from '../../../../src/core/ops/operation';
import { EXIT_CODES } from '../report-error';
import type { CommandInput } from './command-input';

/** What the help of one operation command is written from. */
export interface CommandHelpParts {
  operation: Operation;
  /** The command words after `indx`, switches included (`vault index --rebuild`). */
  words: string[];
  shape: CommandInput;
  listField: string | null;
  idempotent: boolean;
  /** The shorthand options' flags (`--scope-glob <glob>`…), if any. */
  sugar?: string[];
}

/** The text after an operation command's options: examples, output, how the server is found. */
export function describeCommand(parts: CommandHelpParts): string {
  return ['', 'Examples:', ...examplesOf(parts).map((line) => `  $ ${line}`), '', 'Output:', ...outputOf(parts), '', 'Server:', ...SERVER_HELP, ''].join('\n');
}

/** The exit-code table for `indx --help`. */
export function describeExitCodes(): string {
  const rows = EXIT_CODES.map((row) => `  ${row.exit}  ${row.meaning}${row.codes.length === 0 ? '' : ` (${row.codes.join(', ')})`}`);
  return ['', 'Exit codes (operation commands; errors print {"error":{code,message,details}} on stderr):', ...rows, '  Command-line usage errors exit with 2.', ''].join('\n');
}

const SERVER_HELP = [
  '  Runs on a running indx server (Obsidian plugin or "indx serve") over REST: the server at',
  '  --url / INDX_URL, else the one serving --vault / INDX_VAULT, else the only one running. The',
  '  bearer token comes from --token-file / INDX_TOKEN. With no server running, --vault DIR runs',
  '  the operation in-process on that folder. Neither: exit 6.',
];

function examplesOf(parts: CommandHelpParts): string[] {
  const base = ['indx', ...parts.words, ...parts.shape.positionals.map(({ field }) => `<${field}>`), ...requiredFlags(parts)].join(' ');
  const variants = [
    parts.listField === null ? null : `${base} --ndjson`,
    hasField(parts, 'if_match') ? `${base} --if-match <etag>` : null,
    hasField(parts, 'dry_run') ? `${base} --dry-run` : null,
    parts.idempotent ? `${base} --idempotency-key <key>` : null,
    parts.operation.streams === true ? `${base} --stream` : null,
    ...(parts.sugar ?? []).slice(0, 2).map((flags) => `${base} ${flags}`),
  ];
  return [base, ...variants.filter((line) => line !== null), `${base} --url http://127.0.0.1:27643 --token-file ~/.indx-token`, `${base} --vault ~/Notes`];
}

function requiredFlags(parts: CommandHelpParts): string[] {
  const positional = new Set(parts.shape.positionals.map(({ field }) => field));
  const required = parts.shape.flags.filter((flag) => !positional.has(flag.field) && flag.required);
  return required.map((flag) => `${flag.options[0]?.long ?? ''} <${flag.field}>`);
}

function outputOf(parts: CommandHelpParts): string[] {
  const lines = ['  The result as pretty JSON on stdout; --summary prints its one-line summary instead.'];
  if (parts.listField !== null) lines.push(`  --ndjson prints one JSON line per item of "${parts.listField}", then one line with the other fields when there are any.`);
  if (parts.operation.streams === true) lines.push('  --stream prints one NDJSON event per line as it comes ({"type":"ai.partial","delta":…}, ai.citation, ai.usage, ai.progress), then {"type":"ai.complete","data":…}; a failure prints {"type":"ai.error","error":…} there too.');
  if ((parts.sugar ?? []).length > 0) lines.push(`  Shorthands fill structured fields: ${(parts.sugar ?? []).map((flags) => flags.split(' ')[0]).join(', ')}.`);
  lines.push('  Errors print {"error":{code,message,details}} on stderr and exit non-zero (exit codes: indx --help).');
  return lines;
}

function hasField(parts: CommandHelpParts, field: string): boolean {
  return parts.shape.flags.some((flag) => flag.field === field);
}
