import * as z from 'zod';
import { IndxError } from '../../errors';
import { DESTRUCTIVE, defineOperation } from '../operation';
import { appOf, recordAppCall } from './app-of';

/** Where the user allows commands, named in refusals. */
export const COMMANDS_SETTING = 'Settings → indx → Editor and commands → "Commands agents may run"';

/** `command_run`: runs one Obsidian command the user allowed, by id, as the command palette does. */
export const commandRun = defineOperation({
  name: 'command_run',
  title: 'Run an Obsidian command',
  description: 'Run an Obsidian command by id (see command_list), as the command palette does. Only commands the user allowed one by one.',
  input: z.object({ id: z.string().min(1).describe('Command id, e.g. "editor:toggle-bold".') }),
  output: z.object({ id: z.string().describe('The command run.'), name: z.string().describe('Its name.'), ran: z.literal(true).describe('It ran.') }),
  scope: 'vault:admin',
  app: 'commands',
  // A command can change the vault (delete the current file, toggle bold): refused while writes are off.
  writesWhen: () => true,
  annotations: { ...DESTRUCTIVE, openWorldHint: true },
  http: { method: 'POST', path: '/v1/commands/{id}' },
  cli: ['command', 'run'],
  run(input, context) {
    const app = appOf(context);
    const command = app.listCommands().find((candidate) => candidate.id === input.id);
    if (!app.allowedCommands().includes(input.id)) {
      const what = command === undefined ? `"${input.id}"` : `"${command.name}" (${input.id})`;
      throw new IndxError('command_not_allowed', `The user has not allowed agents to run the command ${what}. They can allow it in Obsidian: ${COMMANDS_SETTING}.`, { id: input.id, setting: COMMANDS_SETTING });
    }
    if (command === undefined) throw new IndxError('not_found', `Obsidian has no command "${input.id}" now (its plugin may be off). command_list shows the commands there are.`, { id: input.id });
    if (!app.runCommand(input.id)) throw new IndxError('conflict', `"${command.name}" does not apply now (the palette hides it: it may need an active editor or a selection).`, { id: input.id, reason: 'not_applicable' });
    recordAppCall(context, 'command_run', '', input.id);
    return Promise.resolve({ id: input.id, name: command.name, ran: true as const });
  },
  summarize: (output) => `Ran "${output.name}" (${output.id}).`,
});
