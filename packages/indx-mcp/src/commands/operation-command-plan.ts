import type { Command } from 'commander';
import type { Operation } from '../../../../src/core/ops/operation';
import { ALL_OPERATIONS } from '../../../../src/core/ops/all-operations';
import { scanDiscoveries } from '../../../../src/server/discovery/discovery-file';
import { deriveRoutes, type RestRoute } from '../../../../src/server/rest/rest-route';
import { COMPLETE_EVENT, ERROR_EVENT } from '../../../../src/server/rest/stream-route';
import { describeUnchosenServers, findUnchosenServers, locateServer, type ServerTarget } from '../connect/locate-server';
import { reportError, toErrorBody } from '../report-error';
import { callRest } from '../rest/call-rest';
import { CommandFailure } from '../rest/command-failure';
import { binaryFileOptions, readBinaryFile, writeBinaryOutput } from '../rest/binary-files';
import { describeCommand } from '../rest/command-help';
import { describeCommandInput, readCommandInput, type CommandInput } from '../rest/command-input';
import { formatOutput, type OutputFormat } from '../rest/format-output';
import { describeInputSugar, type InputSugar } from '../rest/input-sugar';
import { listFieldOf } from '../rest/list-field';
import { toTimeoutMs } from '../rest/option-values';
import { streamRest } from '../rest/stream-rest';
import type { OperationCommandEntry } from './operation-commands';

/** Input fields that would collide with a command's own options; they become `--input-<name>`. */
const RESERVED_FIELDS = new Set(['url', 'vault', 'token_file', 'timeout', 'input', 'summary', 'text', 'ndjson', 'idempotency_key', 'help', 'stream', 'file', 'out']);

/** Methods that never change the vault: no `--idempotency-key` for them. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** The options every operation command reads besides the input fields. */
interface CommandOptions {
  url?: string;
  vault?: string;
  tokenFile?: string;
  /** `--timeout`: seconds the server may stay silent. */
  timeout?: string;
  summary?: boolean;
  text?: boolean;
  ndjson?: boolean;
  idempotencyKey?: string;
  /** `--stream`: print the operation's events as NDJSON as they come (streaming operations). */
  stream?: boolean;
}

/** Receives the events of a streamed command, each printed as one NDJSON line. */
type EventPrinter = (event: object) => void;

/** What one command runs: its operation, input shape and list field. */
interface CommandPlan {
  operation: Operation;
  shape: CommandInput;
  sugar: InputSugar;
  listField: string | null;
}

/** Every REST route, derived once, on the first call that goes to a server (a JSON Schema per operation). */
let routes: readonly RestRoute[] | undefined;
const allRoutes = (): readonly RestRoute[] => (routes ??= deriveRoutes(ALL_OPERATIONS));

/**
 * What `registerOperationCommands` registers every operation command from, as
 * `operation-manifest.json` holds it: written by `npm run cli-manifest`, checked against the
 * registry by tests/cli/operation-manifest.test.ts.
 */
export function operationManifest(): OperationCommandEntry[] {
  return ALL_OPERATIONS.map((operation) => ({
    name: operation.name,
    title: operation.title,
    description: operation.description,
    cli: [...operation.cli],
    positionals: describeCommandInput(operation, RESERVED_FIELDS).positionals.map(({ field, description }) => ({ field, description })),
  }));
}

/**
 * Completes the command of operation `name`, which `registerOperationCommands` made with its
 * description, positional arguments and the options every operation command shares: the options
 * of its input fields and shorthands, its switches, the help text after the options (examples,
 * output, how the server is found) and the action that runs it.
 */
export function completeOperationCommand(command: Command, name: string): void {
  const operation = ALL_OPERATIONS.find((candidate) => candidate.name === name);
  // Only when operation-manifest.json names an operation the registry lost (its test says so first).
  if (operation === undefined) throw new Error(`indx: no operation ${name} in the registry; operation-manifest.json is stale (npm run cli-manifest)`);
  const shape = describeCommandInput(operation, RESERVED_FIELDS);
  const plan: CommandPlan = { operation, shape, sugar: describeInputSugar(operation, shape), listField: listFieldOf(operation) };
  const { sugar, listField } = plan;
  const idempotent = !SAFE_METHODS.has(operation.http.method);
  if (listField !== null) command.option('--ndjson', `print one JSON line per item of "${listField}", then one line with the other fields`);
  if (idempotent) command.option('--idempotency-key <key>', 'a repeated request with this key gets the stored response instead of running again (server only)');
  if (operation.streams === true) command.option('--stream', 'print the events as NDJSON lines as they come (ai.partial, ai.citation, ai.usage, ai.progress), ending with ai.complete (the result) or ai.error');
  for (const flag of operation.cli.filter((word) => word.startsWith('--'))) command.requiredOption(flag, `required switch: confirms ${operation.name}`);
  for (const option of shape.flags.flatMap((flag) => flag.options)) command.addOption(option);
  for (const option of sugar.options) command.addOption(option);
  for (const option of binaryFileOptions(operation)) command.addOption(option);
  command.addHelpText('after', describeCommand({ operation, words: operation.cli, shape, listField, idempotent, sugar: sugar.options.map((option) => option.flags) }));
  command.action(async (...args: unknown[]) => {
    process.exitCode = await runCommand(plan, command.opts<CommandOptions & Record<string, unknown>>(), args);
  });
}

async function runCommand(plan: CommandPlan, options: CommandOptions & Record<string, unknown>, args: unknown[]): Promise<number> {
  try {
    plan.sugar.prepare(options);
    const input = readBinaryFile(plan.operation, plan.sugar.apply(readCommandInput(plan.shape, options, args), options), options);
    if (options.stream === true) return await runStreamed(plan, input, options);
    const output = writeBinaryOutput(plan.operation, await execute(plan, input, options), options);
    process.stdout.write(formatOutput(plan.operation, output, formatOf(plan, options)));
    return 0;
  } catch (error: unknown) {
    return reportError(plan.sugar.explain(error, options));
  }
}

/**
 * Runs a streaming operation and prints each event as one NDJSON line, then the closing
 * `{"type":"ai.complete","data":…}`; a failure prints `{"type":"ai.error","error":…}` on stdout
 * as well as the usual error on stderr, and exits with its code (7 quota, 8 provider).
 */
async function runStreamed(plan: CommandPlan, input: Record<string, unknown>, options: CommandOptions & Record<string, unknown>): Promise<number> {
  const print: EventPrinter = (event) => void process.stdout.write(`${JSON.stringify(event)}\n`);
  try {
    const output = await execute(plan, input, options, print);
    print({ type: COMPLETE_EVENT, data: output });
    return 0;
  } catch (caught: unknown) {
    const error = plan.sugar.explain(caught, options);
    print({ type: ERROR_EVENT, error: toErrorBody(error) });
    return reportError(error);
  }
}

function formatOf(plan: CommandPlan, options: CommandOptions): OutputFormat {
  if (options.summary === true) return { kind: 'summary' };
  if (options.text === true) return { kind: 'text' };
  return options.ndjson === true && plan.listField !== null ? { kind: 'ndjson', field: plan.listField } : { kind: 'json' };
}

/**
 * On the located server when one runs; else in-process on `--vault` / INDX_VAULT; else
 * `server_unavailable`. With `onEvent` the call streams: over REST as server-sent events (the
 * Idempotency-Key cache does not hold streams, so `--idempotency-key` is refused), in-process
 * through the engine's event listener.
 */
async function execute(plan: CommandPlan, input: Record<string, unknown>, options: CommandOptions, onEvent?: EventPrinter): Promise<Record<string, unknown>> {
  const timeoutMs = toTimeoutMs(options.timeout);
  if (onEvent !== undefined && options.idempotencyKey !== undefined) throw new CommandFailure('invalid_input', '--stream and --idempotency-key do not go together: a streamed response is not stored for replay. Drop one of them.', {});
  const target = await findServer(options);
  if (target !== null && onEvent !== undefined) return streamRest(target, plan.operation, input, { routes: allRoutes(), timeoutMs, onEvent });
  if (target !== null) return callRest(target, plan.operation, input, { idempotencyKey: options.idempotencyKey, routes: allRoutes(), timeoutMs });
  const vault = options.vault ?? process.env.INDX_VAULT;
  // The engine loads only here: a call that a running server answers does without it.
  if (vault !== undefined && vault !== '') return (await import('./run-in-process')).runInProcess(plan.operation, vault, input, options.idempotencyKey, onEvent);
  throw await noServer();
}

async function findServer(options: CommandOptions): Promise<ServerTarget | null> {
  try {
    return await locateServer({ url: options.url, vault: options.vault, tokenFile: options.tokenFile });
  } catch (error: unknown) {
    // The token file is the only thing locating reads that a user can get wrong.
    const message = error instanceof Error ? error.message : String(error);
    throw new CommandFailure('invalid_input', `Cannot read the token: ${message}`, { token_file: options.tokenFile ?? null }, { cause: error });
  }
}

/** Why no server was chosen: several run, or none was found (with the records that were not trusted, and why). */
async function noServer(): Promise<CommandFailure> {
  const vaults = await findUnchosenServers({});
  if (vaults !== null) return new CommandFailure('server_unavailable', describeUnchosenServers(vaults), { vaults });
  const { ignored } = await scanDiscoveries();
  const message = 'No running indx server was found and no --vault was given. Start one with "indx serve --vault DIR --new-token cli" (or open the vault in Obsidian with indx enabled) and set INDX_TOKEN, pass --url URL, or pass --vault DIR to run in-process.';
  if (ignored.length === 0) return new CommandFailure('server_unavailable', message, {});
  return new CommandFailure('server_unavailable', `${message} Discovery records were passed over: ${ignored.join(' ')}`, { ignored });
}
