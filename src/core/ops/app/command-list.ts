import * as z from 'zod';
import { defineOperation, READ_ONLY } from '../operation';
import { appOf } from './app-of';

/** `command_list`: the Obsidian commands agents may run (or every command, to tell the user which to allow). */
export const commandList = defineOperation({
  name: 'command_list',
  title: 'List Obsidian commands',
  description: 'List the Obsidian commands the user allowed agents to run (all: every command, with whether it is allowed). available: the command applies now.',
  input: z.object({
    query: z.string().optional().describe('Only commands whose id or name contains this (any case).'),
    all: z.boolean().default(false).describe('Every command of the palette, not only the allowed ones.'),
  }),
  output: z.object({
    commands: z.array(z.object({ id: z.string().describe('Pass to command_run.'), name: z.string().describe('As the palette shows it.'), allowed: z.boolean().describe('The user allowed it.'), available: z.boolean().describe('It applies now.') })).describe('Sorted by name.'),
  }),
  scope: 'vault:admin',
  app: 'commands',
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/commands' },
  cli: ['command', 'list'],
  live: true,
  run(input, context) {
    const app = appOf(context);
    const allowed = new Set(app.allowedCommands());
    const query = input.query?.trim().toLowerCase() ?? '';
    const commands = app
      .listCommands()
      .filter((command) => input.all || allowed.has(command.id))
      .filter((command) => query === '' || command.id.toLowerCase().includes(query) || command.name.toLowerCase().includes(query))
      .sort((first, second) => first.name.localeCompare(second.name) || first.id.localeCompare(second.id))
      .map((command) => ({ id: command.id, name: command.name, allowed: allowed.has(command.id), available: app.commandAvailable(command.id) }));
    return Promise.resolve({ commands });
  },
  summarize: (output) => `${output.commands.length} command${output.commands.length === 1 ? '' : 's'}.`,
});
