import type { EventEmitter } from 'node:events';
import { Command } from 'commander';
import { completeOperationCommand, operationManifest } from '../../packages/indx-mcp/src/commands/operation-command-plan';
import { registerOperationCommands, type OperationCommands } from '../../packages/indx-mcp/src/commands/operation-commands';
import MANIFEST from '../../packages/indx-mcp/src/commands/operation-manifest.json';

// The indx command registers its operation commands from operation-manifest.json (so that
// `indx --help` does without the registry) and completes one from the registry just before
// commander runs it or prints its help. When the first test fails, run `npm run cli-manifest`
// and commit the file it writes.

/** A program with the operation commands, its output captured, its exits thrown instead. */
function program(): { program: Command; operations: OperationCommands; output: () => string } {
  let output = '';
  const root = new Command('indx').exitOverride().configureOutput({ writeOut: (text) => void (output += text), writeErr: (text) => void (output += text) });
  return { program: root, operations: registerOperationCommands(root), output: () => output };
}

function find(root: Command, words: string[]): Command {
  const command = words.reduce<Command | undefined>((level, word) => level?.commands.find((child) => child.name() === word), root);
  if (command === undefined) throw new Error(`no command ${words.join(' ')}`);
  return command;
}

/**
 * Whether `command` has been completed: only then does its help end with the examples, which
 * commander prints from an `afterHelp` listener (a Command is an EventEmitter; its typings omit it).
 */
const completed = (command: Command): boolean => (command as unknown as EventEmitter).listenerCount('afterHelp') > 0;

/** Parses `args` as `indx args…` would, up to commander's exit after printing help. */
async function parse(root: Command, args: string[]): Promise<void> {
  await root.parseAsync(args, { from: 'user' }).catch((error: unknown) => {
    if ((error as { code?: string }).code !== 'commander.helpDisplayed') throw error;
  });
}

describe('operation-manifest.json', () => {
  it('is what `npm run cli-manifest` writes from the registry today (names, titles, descriptions, cli words, positional arguments)', () => {
    expect(MANIFEST).toEqual(operationManifest());
  });

  it('registers every operation command with the arguments and shared options, and completes none of them up front', () => {
    const { program: root } = program();
    for (const entry of MANIFEST) {
      const command = find(root, entry.cli.filter((word) => !word.startsWith('--')));
      expect([entry.name, command.description()]).toEqual([entry.name, `${entry.title} (${entry.name}). ${entry.description}`]);
      expect([entry.name, command.registeredArguments.map((argument) => argument.name())]).toEqual([entry.name, entry.positionals.map(({ field }) => field)]);
      expect([entry.name, command.options.map((option) => option.long)]).toEqual([entry.name, ['--url', '--vault', '--token-file', '--timeout', '--input', '--summary', '--text']]);
      expect([entry.name, completed(command)]).toEqual([entry.name, false]);
    }
  });

  it('completes a command when commander dispatches to it, and only that one', async () => {
    const { program: root, output } = program();
    await parse(root, ['note', '--help']);
    expect(output()).toContain('get [options] [path]');
    expect(find(root, ['note']).commands.filter(completed)).toEqual([]);
    await parse(root, ['vault', 'index', '--help']);
    expect(output()).toContain('--rebuild');
    expect(output()).toContain('$ indx vault index --rebuild');
    expect(completed(find(root, ['vault', 'index']))).toBe(true);
    expect(completed(find(root, ['vault', 'status']))).toBe(false);
  });

  it("completes the commands commander's help command names before parsing, as it prints their help without dispatching", async () => {
    const { program: root, operations } = program();
    await operations.completeHelpTargets(['note', 'help', 'get']);
    await operations.completeHelpTargets(['help', 'search']);
    await operations.completeHelpTargets(['vault', 'config', 'help', 'set']);
    expect(['note get', 'search', 'vault config set'].filter((words) => completed(find(root, words.split(' '))))).toEqual(['note get', 'search', 'vault config set']);
    // `help get` outside a group that has it names nothing.
    await operations.completeHelpTargets(['tag', 'help', 'get']);
    expect(completed(find(root, ['canvas', 'get']))).toBe(false);
  });

  it('completes a command with the same options and help as the registry gives it', () => {
    const { program: root } = program();
    const command = find(root, ['note', 'get']);
    completeOperationCommand(command, 'note_read');
    expect(command.options.map((option) => option.long)).toEqual(expect.arrayContaining(['--url', '--include']));
    let help = '';
    command.configureOutput({ writeOut: (text) => void (help += text) }).outputHelp();
    expect(help).toMatch(/\nExamples:\n {2}\$ indx note get <path>\n/);
  });
});
