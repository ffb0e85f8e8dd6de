import type { Command } from 'commander';
import { loadRuntime } from '../load-runtime';
import { describeExitCodes } from '../rest/command-help';
import { DEFAULT_TIMEOUT_MS } from '../rest/default-timeout';
import MANIFEST from './operation-manifest.json';

/** One operation command as `indx --help` and its group's help list it (see operation-manifest.json). */
export interface OperationCommandEntry {
  /** The operation's name (`note_read`). */
  name: string;
  title: string;
  description: string;
  /** The command words after `indx`, a required switch included (`vault index --rebuild`). */
  cli: string[];
  /** The positional arguments, in order (the fields the route's path names, else `path`, …). */
  positionals: { field: string; description: string }[];
}

/**
 * The operation commands, in registry order, as `npm run cli-manifest` wrote them from the
 * registry. Registering from this list rather than from the registry keeps `indx --help`,
 * `indx note --help` and `indx --version` from loading every operation, zod and a JSON Schema
 * per operation (about half of the command's start-up before issue 15).
 */
const ENTRIES: readonly OperationCommandEntry[] = MANIFEST;

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
 *
 * Registered here: each command's name, description, positional arguments and the options all
 * operation commands share, which is what the help of `indx` and of a group shows. The rest (the
 * options of its input fields, its switches, its help text and its action) needs the registry
 * and is added by `completeOperationCommand` (in the runtime) just before commander runs the
 * command or prints its help: when its parent dispatches to it (a `preSubcommand` hook) or, for
 * the `help` command, beforehand (`completeHelpTargets`, which the returned object offers).
 */
export function registerOperationCommands(program: Command): OperationCommands {
  const groups = new Map<string, Command>();
  const pending = new Map<Command, string>();
  const complete = async (command: Command): Promise<void> => {
    const name = pending.get(command);
    if (name === undefined) return;
    pending.delete(command);
    await (await loadRuntime()).completeOperationCommand(command, name);
  };
  const onDispatch = (_parent: Command, command: Command): Promise<void> => complete(command);
  program.hook('preSubcommand', onDispatch);
  for (const entry of ENTRIES) {
    // Words are nested commands (`vault config get`); a trailing `--flag` word (`vault index
    // --rebuild`, as the seed spells it) is a switch the command requires.
    const words = entry.cli.filter((word) => !word.startsWith('--'));
    const name = words.pop();
    if (name === undefined) continue;
    const parent = words.reduce((outer, word, index) => groupFor(groups, outer, words.slice(0, index + 1).join(' '), word, onDispatch), program);
    const command = parent.command(name).description(`${entry.title} (${entry.name}). ${entry.description}`);
    for (const { field, description } of entry.positionals) command.argument(`[${field}]`, description);
    addSharedOptions(command);
    pending.set(command, entry.name);
  }
  for (const [key, group] of groups) group.description(`${key} operations: ${group.commands.map((command) => command.name()).join(', ')}`);
  program.addHelpText('after', describeExitCodes());
  return {
    completeHelpTargets: async (args) => {
      for (const command of helpTargets(program, pending.keys(), args)) await complete(command);
    },
  };
}

/** The operation commands of a program, some still to be completed. */
export interface OperationCommands {
  /**
   * Completes the operation commands that commander's `help` command would print the help of
   * for the command-line arguments `args` (without node and the script): `indx note help get`
   * prints get's help straight away, dispatching nothing, so no `preSubcommand` hook runs. Call
   * it before `parseAsync`.
   */
  completeHelpTargets(args: readonly string[]): Promise<void>;
}

/**
 * The commands `help WORD` may name in `args`: each of `candidates` called WORD whose parent is
 * the program or is named before that `help`. Errs on the side of too many (an option's value
 * that happens to be a group's name), which only loads the registry when it was not needed.
 */
function helpTargets(program: Command, candidates: Iterable<Command>, args: readonly string[]): Command[] {
  const targets: Command[] = [];
  for (const command of candidates) {
    args.forEach((word, index) => {
      if (word !== 'help' || args[index + 1] !== command.name()) return;
      const parent = command.parent;
      if (parent === program || (parent !== null && args.slice(0, index).includes(parent.name()))) targets.push(command);
    });
  }
  return targets;
}

function groupFor(groups: Map<string, Command>, outer: Command, key: string, word: string, onDispatch: (parent: Command, command: Command) => Promise<void>): Command {
  let group = groups.get(key);
  if (group === undefined) groups.set(key, (group = outer.command(word).hook('preSubcommand', onDispatch)));
  return group;
}

/** The options every operation command takes, whatever its input (the help of a group shows `[options]` for them). */
function addSharedOptions(command: Command): void {
  command
    .option('--url <url>', 'base URL of a running indx server (env INDX_URL)')
    .option('--vault <dir>', 'vault folder: finds the server serving it, else runs in-process (env INDX_VAULT)')
    .option('--token-file <file>', 'file whose first line is the bearer token (env INDX_TOKEN)')
    .option('--timeout <seconds>', `seconds a running server may stay silent before the command fails with exit 6 (default ${DEFAULT_TIMEOUT_MS / 1000})`)
    .option('--input <json>', 'the whole input as a JSON object (options win over it)')
    .option('--summary', 'print the one-line summary instead of JSON')
    .option('--text', 'print the result as text, as an MCP client shows it to a model (a note as markdown, one item per line)');
}
