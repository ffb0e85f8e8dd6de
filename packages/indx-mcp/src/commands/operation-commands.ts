import { clearInterval, setInterval } from 'node:timers';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { AiStreamListener } from '../../../../src/core/ai/runtime/ai-stream-event';
import { LOCAL_CALLER } from '../../../../src/core/engine';
import { IndxError } from '../../../../src/core/errors';
import type { Operation } from '../../../../src/core/ops/operation';
import { ALL_OPERATIONS } from '../../../../src/core/ops/all-operations';
import { vaultStateDir } from '../vault-state-dir';
import { acquireWriteLock } from '../../../../src/hosts/node/write-lock';
import { scanDiscoveries } from '../../../../src/server/discovery/discovery-file';
import { deriveRoutes, type RestRoute } from '../../../../src/server/rest/rest-route';
import { COMPLETE_EVENT, ERROR_EVENT } from '../../../../src/server/rest/stream-route';
import { describeUnchosenServers, findUnchosenServers, locateServer, type ServerTarget } from '../connect/locate-server';
import { openVault } from '../open-vault';
import { reportError, toErrorBody } from '../report-error';
import { callRest } from '../rest/call-rest';
import { DEFAULT_TIMEOUT_MS } from '../rest/send-http-request';
import { CommandFailure } from '../rest/command-failure';
import { describeCommand, describeExitCodes } from '../rest/command-help';
import { describeCommandInput, readCommandInput, type CommandInput } from '../rest/command-input';
import { formatOutput, type OutputFormat } from '../rest/format-output';
import { describeInputSugar, type InputSugar } from '../rest/input-sugar';
import { listFieldOf } from '../rest/list-field';
import { toTimeoutMs } from '../rest/option-values';
import { streamRest } from '../rest/stream-rest';

/** Input fields that would collide with a command's own options; they become `--input-<name>`. */
const RESERVED_FIELDS = new Set(['url', 'vault', 'token_file', 'timeout', 'input', 'summary', 'text', 'ndjson', 'idempotency_key', 'help', 'stream']);

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

/** What one command runs: its operation, input shape, list field and every REST route. */
interface CommandPlan {
  operation: Operation;
  shape: CommandInput;
  sugar: InputSugar;
  listField: string | null;
  routes: readonly RestRoute[];
}

/**
 * Derives one command per registry operation (`indx note get`, `indx tag rename`, …) from its
 * `cli` words and input schema (see `describeCommandInput`). A command runs its operation on a
 * running server over REST (`--url`, `--vault`, `--token-file`, or INDX_URL, INDX_VAULT,
 * INDX_TOKEN; see `locateServer`), else in-process on `--vault DIR`, and prints the JSON result
 * (`--summary`, `--ndjson`). Shorthand options fill structured fields (`--scope-glob`, `--note`,
 * see `describeInputSugar`). A streaming operation takes `--stream`: its events print as NDJSON
 * lines as they come, ending with `{"type":"ai.complete","data":…}` or `{"type":"ai.error",…}`.
 * Failures print `{"error":{code,message,details}}` on stderr and exit with the code of
 * `EXIT_CODES`; usage errors exit with 2.
 */
export function registerOperationCommands(program: Command): void {
  const groups = new Map<string, Command>();
  const routes = deriveRoutes(ALL_OPERATIONS);
  for (const operation of ALL_OPERATIONS) {
    // Words are nested commands (`vault config get`); a trailing `--flag` word (`vault index
    // --rebuild`, as the seed spells it) is a switch the command requires.
    const words = operation.cli.filter((word) => !word.startsWith('--'));
    const name = words.pop();
    if (name === undefined) continue;
    const parent = words.reduce((outer, word, index) => groupFor(groups, outer, words.slice(0, index + 1).join(' '), word), program);
    const shape = describeCommandInput(operation, RESERVED_FIELDS);
    addOperationCommand(parent, name, { operation, shape, sugar: describeInputSugar(operation, shape), listField: listFieldOf(operation), routes });
  }
  for (const [key, group] of groups) group.description(`${key} operations: ${group.commands.map((command) => command.name()).join(', ')}`);
  program.addHelpText('after', describeExitCodes());
}

function groupFor(groups: Map<string, Command>, outer: Command, key: string, word: string): Command {
  let group = groups.get(key);
  if (group === undefined) groups.set(key, (group = outer.command(word)));
  return group;
}

function addOperationCommand(parent: Command, name: string, plan: CommandPlan): void {
  const { operation, shape, sugar, listField } = plan;
  const idempotent = !SAFE_METHODS.has(operation.http.method);
  const command = parent.command(name).description(`${operation.title} (${operation.name}). ${operation.description}`);
  for (const { field, description } of shape.positionals) command.argument(`[${field}]`, description);
  command
    .option('--url <url>', 'base URL of a running indx server (env INDX_URL)')
    .option('--vault <dir>', 'vault folder: finds the server serving it, else runs in-process (env INDX_VAULT)')
    .option('--token-file <file>', 'file whose first line is the bearer token (env INDX_TOKEN)')
    .option('--timeout <seconds>', `seconds a running server may stay silent before the command fails with exit 6 (default ${DEFAULT_TIMEOUT_MS / 1000})`)
    .option('--input <json>', 'the whole input as a JSON object (options win over it)')
    .option('--summary', 'print the one-line summary instead of JSON')
    .option('--text', 'print the result as text, as an MCP client shows it to a model (a note as markdown, one item per line)');
  if (listField !== null) command.option('--ndjson', `print one JSON line per item of "${listField}", then one line with the other fields`);
  if (idempotent) command.option('--idempotency-key <key>', 'a repeated request with this key gets the stored response instead of running again (server only)');
  if (operation.streams === true) command.option('--stream', 'print the events as NDJSON lines as they come (ai.partial, ai.citation, ai.usage, ai.progress), ending with ai.complete (the result) or ai.error');
  for (const flag of operation.cli.filter((word) => word.startsWith('--'))) command.requiredOption(flag, `required switch: confirms ${operation.name}`);
  for (const option of shape.flags.flatMap((flag) => flag.options)) command.addOption(option);
  for (const option of sugar.options) command.addOption(option);
  command.addHelpText('after', describeCommand({ operation, words: operation.cli, shape, listField, idempotent, sugar: sugar.options.map((option) => option.flags) }));
  command.action(async (...args: unknown[]) => {
    process.exitCode = await runCommand(plan, command.opts<CommandOptions & Record<string, unknown>>(), args);
  });
}

async function runCommand(plan: CommandPlan, options: CommandOptions & Record<string, unknown>, args: unknown[]): Promise<number> {
  try {
    plan.sugar.prepare(options);
    const input = plan.sugar.apply(readCommandInput(plan.shape, options, args), options);
    if (options.stream === true) return await runStreamed(plan, input, options);
    const output = await execute(plan, input, options);
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
  if (target !== null && onEvent !== undefined) return streamRest(target, plan.operation, input, { routes: plan.routes, timeoutMs, onEvent });
  if (target !== null) return callRest(target, plan.operation, input, { idempotencyKey: options.idempotencyKey, routes: plan.routes, timeoutMs });
  const vault = options.vault ?? process.env.INDX_VAULT;
  if (vault !== undefined && vault !== '') return runInProcess(plan.operation, vault, input, options.idempotencyKey, onEvent);
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

/**
 * Whether a call may write the vault or its state: write and admin operations, read operations
 * that write on some inputs (`apply`, `write`), and AI operations (their cache and daily spend).
 */
function writesState(operation: Operation): boolean {
  return operation.scope !== 'vault:read' || operation.writesWhen !== undefined || operation.requires !== undefined;
}

/** Runs the operation on the vault folder in this process, holding the write lock for writes; `onEvent` receives a streamed call's events. */
async function runInProcess(operation: Operation, vault: string, input: Record<string, unknown>, idempotencyKey: string | undefined, onEvent?: AiStreamListener): Promise<Record<string, unknown>> {
  if (idempotencyKey !== undefined) {
    throw new IndxError('invalid_input', '--idempotency-key needs a running server, which keeps the responses to replay; in-process there is none. Start one with "indx serve --vault DIR", or drop --idempotency-key.', { idempotency_key: idempotencyKey });
  }
  const release = writesState(operation) ? await acquireWriteLock(vaultStateDir(resolve(vault))) : undefined;
  // The core waits (retry back-off, timeouts) on AbortSignal.timeout, which does not keep Node
  // alive: without a handle of its own the command would exit mid-call with nothing printed.
  const keepAlive = setInterval(() => undefined, 60_000);
  try {
    const opened = await openVault(vault, release !== undefined);
    try {
      return (await opened.engine.call(operation.name, input, LOCAL_CALLER, onEvent === undefined ? {} : { onEvent })).output as Record<string, unknown>;
    } finally {
      await opened.close();
    }
  } finally {
    clearInterval(keepAlive);
    await release?.();
  }
}
