import type { AppCommand } from '../../../core/app/app-port';
import type { PluginSettings } from './plugin-settings';
import type { SettingRow, SettingSection } from './setting-section';
import { messageOf, type TabContext } from './tab-state';

/**
 * What agents may do in the app itself, all off by default: see the active note, its selection
 * and open tabs and open notes for the user (`workspace_active`, `workspace_open`, for tokens with
 * `app:editor` or admin), and run the commands allowed here one by one (`command_run`, admin
 * tokens). Every command has a row; the allowed ones are always shown, the others when the search
 * box matches them.
 */
export function editorSection(context: TabContext): SettingSection {
  const editor = context.controls.settingsStore.current.editor;
  const shownRows: CommandRow[] = [];
  return {
    heading: 'Editor and commands',
    rows: [
      {
        name: 'Let agents see and steer the editor',
        desc: 'Tokens with editor access (or admin) see the active note, its selection and open tabs, and can open notes for you. Each call is in the audit log.',
        render: (setting) => {
          setting.addToggle((toggle) => toggle.setValue(editor.enabled).onChange((enabled) => void change(context, (settings) => ({ ...settings, editor: { ...settings.editor, enabled } }))));
        },
      },
      {
        name: 'Commands agents may run',
        desc: `Admin tokens may run the commands you allow here, one by one (${editor.commands.length} allowed). Search to find more.`,
        render: (setting) => {
          setting.addText((text) =>
            text
              .setPlaceholder('Search commands')
              .setValue(context.state.commandQuery)
              .onChange((query) => {
                // Filtered in place: redrawing the tab would take the focus from the box at each key.
                context.state.commandQuery = query;
                for (const row of shownRows) row.element.toggleClass(FILTERED, !row.visible(query));
              }),
          );
        },
      },
      ...commandRows(context, editor.commands, shownRows),
    ],
  };
}

/** The class that hides a command row the search filters out (styles.css). */
const FILTERED = 'indx-command-filtered';

/** A drawn command row: its element and whether a query shows it. */
interface CommandRow {
  element: { toggleClass(cls: string, on: boolean): void };
  visible(query: string): boolean;
}

/**
 * Every command with its switch, the allowed ones first: an allowed command is always shown, any
 * other only when the search box matches its name or id.
 */
function commandRows(context: TabContext, allowed: readonly string[], drawn: CommandRow[]): SettingRow[] {
  const byName = (first: AppCommand, second: AppCommand): number => first.name.localeCompare(second.name) || first.id.localeCompare(second.id);
  const commands = context.controls.appCommands();
  const ordered = [...commands.filter((command) => allowed.includes(command.id)).sort(byName), ...commands.filter((command) => !allowed.includes(command.id)).sort(byName)];
  return ordered.map((command) => {
    const isAllowed = allowed.includes(command.id);
    const visible = (query: string): boolean => isAllowed || matches(command, query);
    return {
      name: command.name,
      desc: command.id,
      render: (setting) => {
        setting.addToggle((toggle) => toggle.setValue(isAllowed).onChange((on) => void allow(context, command.id, on)));
        setting.settingEl.toggleClass(FILTERED, !visible(context.state.commandQuery));
        drawn.push({ element: setting.settingEl, visible });
      },
    };
  });
}

function matches(command: AppCommand, query: string): boolean {
  const wanted = query.trim().toLowerCase();
  return wanted !== '' && (command.name.toLowerCase().includes(wanted) || command.id.toLowerCase().includes(wanted));
}

function allow(context: TabContext, id: string, on: boolean): Promise<void> {
  return change(context, (settings) => {
    const others = settings.editor.commands.filter((candidate) => candidate !== id);
    return { ...settings, editor: { ...settings.editor, commands: on ? [...others, id] : others } };
  });
}

async function change(context: TabContext, edit: (settings: PluginSettings) => PluginSettings): Promise<void> {
  try {
    await context.controls.settingsStore.update(edit);
  } catch (error: unknown) {
    context.controls.notify(messageOf(error));
  }
  context.refresh();
}
