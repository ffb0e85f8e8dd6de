import { Command } from 'commander';
import { ALL_OPERATIONS } from '../../src/core/ops/all-operations';
import { registerOperationCommands } from '../../packages/indx-mcp/src/commands/operation-commands';
import { PENDING_OPERATIONS as PENDING, seedRows } from '../helpers/seed-table';
import { runCli } from './run-cli';

/** The MCP ↔ CLI pairs of seed 000 §7 (CLI words after `indx`). */
function seedCommands(): [string, string][] {
  return seedRows().map((row) => [row.tool, row.cli]);
}

/** The command `words` name in `program`, following subcommands; undefined when absent. */
function findCommand(program: Command, words: string[]): Command | undefined {
  return words.reduce<Command | undefined>((command, word) => command?.commands.find((child) => child.name() === word), program);
}

describe('the CLI walks the seed 000 §7 table', () => {
  const rows = seedCommands();

  it('reads all 32 rows', () => {
    expect(rows).toHaveLength(32);
    expect(rows[0]).toEqual(['note_read', 'note get']);
    expect(rows.find(([tool]) => tool === 'vault_reindex')).toEqual(['vault_reindex', 'vault index --rebuild']);
  });

  it('has a command for every implemented row, spelt as the seed spells it; the rest are pending', () => {
    const program = new Command('indx');
    registerOperationCommands(program);
    const operations = new Map(ALL_OPERATIONS.map((operation) => [operation.name, operation]));
    const pending = rows.filter(([tool]) => !operations.has(tool)).map(([tool]) => tool);
    expect(PENDING).toEqual(expect.arrayContaining(pending));
    for (const [tool, words] of rows.filter(([name]) => operations.has(name))) {
      expect([tool, operations.get(tool)?.cli.join(' ')]).toEqual([tool, words]);
      const command = findCommand(program, words.split(' ').filter((word) => !word.startsWith('--')));
      expect([tool, command?.description().includes(`(${tool})`)]).toEqual([tool, true]);
    }
  });

  it('lists token and serve commands in the bundled CLI help', async () => {
    const help = await runCli(['--help']);
    expect(help.stdout).toMatch(/\n {2}token\b/);
    expect(help.stdout).toMatch(/\n {2}serve\b/);
  });
});
