import { resolve } from 'node:path';
import type { Command, CommanderError } from 'commander';
import { IndxError } from '../../../../src/core/errors';
import type { Operation } from '../../../../src/core/ops/operation';
import { ALL_OPERATIONS } from '../../../../src/core/ops/all-operations';
import { locateStateDir } from '../../../../src/hosts/node/file-storage';
import { acquireWriteLock } from '../../../../src/hosts/node/write-lock';
import { readDiscoveries } from '../../../../src/server/discovery/discovery-file';
import { deriveRoutes, type RestRoute } from '../../../../src/server/rest/rest-route';
import { locateServer, type ServerTarget } from '../connect/locate-server';
import { openVault } from '../open-vault';
import { reportError, USAGE_EXIT_CODE } from '../report-error';
import { callRest } from '../rest/call-rest';
import { CommandFailure } from '../rest/command-failure';
import { describeCommand, describeExitCodes } from '../rest/command-help';
import { describeCommandInput, readCommandInput, type CommandInput } from '../rest/command-input';
import { formatOutput, type OutputFormat } from '../rest/format-output';
import { listFieldOf } from '../rest/list-field';

/** Input fields that would collide with a command's own options; they become `--input-<name>`. */
const RESERVED_FIELDS = new Set(['url', 'vault', 'token_file', 'input', 'summary', 'ndjson', 'idempotency_key', 'help']);

/** Methods that never change the vault: no `--idempotency-key` for them. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** The options every operation command reads besides the input fields. */
interface CommandOptions {
  url?: string;
  vault?: string;
  tokenFile?: string;
  summary?: boolean;
  ndjson?: boolean;
  idempotencyKey?: string;
}

/** What one command runs: its operation, input shape, list field and every REST route. */
interface CommandPlan {
  operation: Operation;
  shape: CommandInput;
  listField: string | null;
  routes: readonly RestRoute[];
}

/**
 * Derives one command per registry operation (`indx note get`, `indx tag rename`, …) from its
 * `cli` words and input schema (see `describeCommandInput`). A command runs its operation on a
 * running server over REST (`--url`, `--vault`, `--token-file`, or INDX_URL, INDX_VAULT,
 * INDX_TOKEN; see `locateServer`), else in-process on `--vault DIR`, and prints the JSON result
 * (`--summary`, `--ndjson`). Failures print `{"error":{code,message,details}}` on stderr and exit
 * with the code of `EXIT_CODES`; usage errors exit with 2.
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
    addOperationCommand(parent, name, { operation, shape: describeCommandInput(operation, RESERVED_FIELDS), listField: listFieldOf(operation), routes });
  }
  for (const [key, group] of groups) group.description(`${key} operations: ${group.commands.map((command) => command.name()).join(', ')}`);
  program.addHelpText('after', describeExitCodes());
}

function groupFor(groups: Map<string, Command>, outer: Command, key: string, word: string): Command {
  let group = groups.get(key);
  if (group === undefined) groups.set(key, (group = outer.command(word).exitOverride(exitOnUsageError)));
  return group;
}

function addOperationCommand(parent: Command, name: string, plan: CommandPlan): void {
  const { operation, shape, listField } = plan;
  const idempotent = !SAFE_METHODS.has(operation.http.method);
  const command = parent.command(name).description(`${operation.title} (${operation.name}). ${operation.description}`).exitOverride(exitOnUsageError);
  for (const { field, description } of shape.positionals) command.argument(`[${field}]`, description);
  command
    .option('--url <url>', 'base URL of a running indx server (env INDX_URL)')
    .option('--vault <dir>', 'vault folder: finds the server serving it, else runs in-process (env INDX_VAULT)')
    .option('--token-file <file>', 'file whose first line is the bearer token (env INDX_TOKEN)')
    .option('--input <json>', 'the whole input as a JSON object (options win over it)')
    .option('--summary', 'print the one-line summary instead of JSON');
  if (listField !== null) command.option('--ndjson', `print one JSON line per item of "${listField}", then one line with the other fields`);
  if (idempotent) command.option('--idempotency-key <key>', 'a repeated request with this key gets the stored response instead of running again (server only)');
  for (const flag of operation.cli.filter((word) => word.startsWith('--'))) command.requiredOption(flag, `required switch: confirms ${operation.name}`);
  for (const option of shape.flags.flatMap((flag) => flag.options)) command.addOption(option);
  command.addHelpText('after', describeCommand({ operation, words: operation.cli, shape, listField, idempotent }));
  command.action(async (...args: unknown[]) => {
    process.exitCode = await runCommand(plan, command.opts<CommandOptions & Record<string, unknown>>(), args);
  });
}

function exitOnUsageError(error: CommanderError): never {
  process.exit(error.exitCode === 0 ? 0 : USAGE_EXIT_CODE);
}

async function runCommand(plan: CommandPlan, options: CommandOptions & Record<string, unknown>, args: unknown[]): Promise<number> {
  try {
    const input = readCommandInput(plan.shape, options, args);
    const output = await execute(plan, input, options);
    process.stdout.write(formatOutput(plan.operation, output, formatOf(plan, options)));
    return 0;
  } catch (error: unknown) {
    return reportError(error);
  }
}

function formatOf(plan: CommandPlan, options: CommandOptions): OutputFormat {
  if (options.summary === true) return { kind: 'summary' };
  return options.ndjson === true && plan.listField !== null ? { kind: 'ndjson', field: plan.listField } : { kind: 'json' };
}

/** On the located server when one runs; else in-process on `--vault` / INDX_VAULT; else `server_unavailable`. */
async function execute(plan: CommandPlan, input: Record<string, unknown>, options: CommandOptions): Promise<Record<string, unknown>> {
  const target = await findServer(options);
  if (target !== null) return callRest(target, plan.operation, input, { idempotencyKey: options.idempotencyKey, routes: plan.routes });
  const vault = options.vault ?? process.env.INDX_VAULT;
  if (vault !== undefined && vault !== '') return runInProcess(plan.operation, vault, input, options.idempotencyKey);
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

async function noServer(): Promise<CommandFailure> {
  const running = await readDiscoveries();
  if (running.length > 1) {
    const vaults = running.map((record) => record.vault_path);
    return new CommandFailure('server_unavailable', `${running.length} indx servers are running (${vaults.join(', ')}); pass --vault DIR or --url URL to choose one.`, { vaults });
  }
  const message = 'No running indx server was found and no --vault was given. Start one with "indx serve --vault DIR --new-token cli" (or open the vault in Obsidian with indx enabled) and set INDX_TOKEN, pass --url URL, or pass --vault DIR to run in-process.';
  return new CommandFailure('server_unavailable', message, {});
}

/** Runs the operation on the vault folder in this process, holding the write lock for writes. */
async function runInProcess(operation: Operation, vault: string, input: Record<string, unknown>, idempotencyKey: string | undefined): Promise<Record<string, unknown>> {
  if (idempotencyKey !== undefined) {
    throw new IndxError('invalid_input', '--idempotency-key needs a running server, which keeps the responses to replay; in-process there is none. Start one with "indx serve --vault DIR", or drop --idempotency-key.', { idempotency_key: idempotencyKey });
  }
  const release = operation.scope === 'vault:read' ? undefined : await acquireWriteLock(locateStateDir(resolve(vault)));
  try {
    const opened = await openVault(vault);
    try {
      return (await opened.engine.call(operation.name, input)).output as Record<string, unknown>;
    } finally {
      await opened.close();
    }
  } finally {
    await release?.();
  }
}
