import { DEFAULT_DAILY_SETTINGS, loadDailyNoteSettings } from '../../src/core/app-settings/daily-note-settings';
import { loadTemplateSettings } from '../../src/core/app-settings/template-settings';
import { NodeVaultHost } from '../../src/hosts/node/node-vault-host';
import { expectIndxError } from '../helpers/expect-error';
import { makeTempVault, removeTempVault, type TempFiles } from '../helpers/temp-vault';

// The settings the app keeps in the vault's configuration folder, read through the Node host as
// the app reads them: which plugin is switched on decides which settings are in force.

const CORE = { folder: 'Journal/', format: 'YYYY/MM/YYYY-MM-DD', template: ' Templates/Daily ' };
const PERIODIC_0X = { daily: { enabled: true, folder: 'Periodic', format: 'DD.MM.YYYY', template: 'Templates/Periodic' } };
const PERIODIC_1X = {
  activeCalendarSet: 'Work',
  calendarSets: [
    { id: 'Default', day: { enabled: true, folder: 'Wrong', format: 'YYYY' } },
    { id: 'Work', day: { enabled: true, folder: 'Work/Days', format: 'YYYY-MM-DD', templatePath: 'Templates/Work.md' } },
  ],
};

const hosts: { host: NodeVaultHost; root: string }[] = [];

async function hostOver(files: TempFiles, configDir?: string): Promise<NodeVaultHost> {
  const root = await makeTempVault({ 'Note.md': '', ...files });
  const host = await NodeVaultHost.open(root, configDir === undefined ? {} : { configDir });
  hosts.push({ host, root });
  return host;
}

afterEach(async () => {
  for (const { host, root } of hosts.splice(0)) {
    await host.close();
    await removeTempVault(root);
  }
});

const json = (value: unknown): string => JSON.stringify(value);

describe('daily note settings', () => {
  it('without any daily notes configuration: Daily/YYYY-MM-DD.md, no template', async () => {
    expect(await loadDailyNoteSettings(await hostOver({}))).toEqual(DEFAULT_DAILY_SETTINGS);
    expect(DEFAULT_DAILY_SETTINGS).toEqual({ source: 'default', folder: 'Daily', format: 'YYYY-MM-DD', template: '' });
  });

  it.each([
    ['an object (newer app versions)', { 'daily-notes': true, templates: false }],
    ['a list of ids (older versions)', ['file-explorer', 'daily-notes']],
    ['missing (the app defaults enable it)', undefined],
  ])('core Daily notes when switched on, core-plugins.json being %s; folder slashes and template spaces trimmed', async (_, switches) => {
    const host = await hostOver({ '.obsidian/daily-notes.json': json(CORE), ...(switches === undefined ? {} : { '.obsidian/core-plugins.json': json(switches) }) });
    expect(await loadDailyNoteSettings(host)).toEqual({ source: 'daily-notes', folder: 'Journal', format: 'YYYY/MM/YYYY-MM-DD', template: 'Templates/Daily' });
  });

  it.each([
    ['an object', { 'daily-notes': false }],
    ['a list without it', ['file-explorer']],
  ])('core Daily notes switched off (%s): the default', async (_, switches) => {
    const host = await hostOver({ '.obsidian/daily-notes.json': json(CORE), '.obsidian/core-plugins.json': json(switches) });
    expect(await loadDailyNoteSettings(host)).toEqual(DEFAULT_DAILY_SETTINGS);
  });

  it('empty fields take the app defaults: format YYYY-MM-DD, the vault root, no template', async () => {
    const host = await hostOver({ '.obsidian/daily-notes.json': json({ folder: '', format: '', template: '', autorun: false }) });
    expect(await loadDailyNoteSettings(host)).toEqual({ source: 'daily-notes', folder: '', format: 'YYYY-MM-DD', template: '' });
  });

  it('a settings file that is not JSON counts as missing', async () => {
    const host = await hostOver({ '.obsidian/daily-notes.json': '{"folder": "Jour' });
    expect(await loadDailyNoteSettings(host)).toEqual(DEFAULT_DAILY_SETTINGS);
  });

  it('Periodic Notes (0.x settings) takes precedence when switched on and its daily notes enabled', async () => {
    const files = { '.obsidian/daily-notes.json': json(CORE), '.obsidian/plugins/periodic-notes/data.json': json(PERIODIC_0X) };
    expect(await loadDailyNoteSettings(await hostOver({ ...files, '.obsidian/community-plugins.json': json(['calendar', 'periodic-notes']) }))).toEqual({ source: 'periodic-notes', folder: 'Periodic', format: 'DD.MM.YYYY', template: 'Templates/Periodic' });
    // Installed but switched off, or its daily notes disabled: core Daily notes is in force.
    expect((await loadDailyNoteSettings(await hostOver({ ...files, '.obsidian/community-plugins.json': json(['calendar']) }))).source).toBe('daily-notes');
    const disabled = { ...files, '.obsidian/plugins/periodic-notes/data.json': json({ daily: { ...PERIODIC_0X.daily, enabled: false } }), '.obsidian/community-plugins.json': json(['periodic-notes']) };
    expect((await loadDailyNoteSettings(await hostOver(disabled))).source).toBe('daily-notes');
  });

  it('Periodic Notes 1.x: the day settings of the active calendar set', async () => {
    const host = await hostOver({ '.obsidian/plugins/periodic-notes/data.json': json(PERIODIC_1X), '.obsidian/community-plugins.json': json(['periodic-notes']) });
    expect(await loadDailyNoteSettings(host)).toEqual({ source: 'periodic-notes', folder: 'Work/Days', format: 'YYYY-MM-DD', template: 'Templates/Work.md' });
  });

  it('reads the configuration folder the host is given', async () => {
    const host = await hostOver({ '.obsidian/daily-notes.json': json({ folder: 'Wrong' }), '.config-laptop/daily-notes.json': json({ folder: 'Laptop' }) }, '.config-laptop');
    expect((await loadDailyNoteSettings(host)).folder).toBe('Laptop');
  });
});

describe('template settings', () => {
  it('the core Templates folder and formats, with the app defaults for what is missing', async () => {
    expect(await loadTemplateSettings(await hostOver({ '.obsidian/templates.json': json({ folder: '/Templates/', dateFormat: 'DD.MM.YYYY' }) }))).toEqual({ folder: 'Templates', dateFormat: 'DD.MM.YYYY', timeFormat: 'HH:mm' });
    expect(await loadTemplateSettings(await hostOver({}))).toEqual({ folder: '', dateFormat: 'YYYY-MM-DD', timeFormat: 'HH:mm' });
  });
});

describe('NodeVaultHost.readConfigFile', () => {
  it('reads below the configuration folder only: a name that climbs out or is absolute is invalid_path; a missing file or a folder is null', async () => {
    const host = await hostOver({ '.obsidian/app.json': '{}', 'Secret.md': 'x' });
    expect(await host.readConfigFile('app.json')).toBe('{}');
    expect(await host.readConfigFile('missing.json')).toBeNull();
    expect(await host.readConfigFile('plugins')).toBeNull();
    expect(await host.readConfigFile('app.json/deeper')).toBeNull();
    for (const name of ['../Secret.md', '/etc/passwd', 'plugins/../../Secret.md', '', 'a\\b']) await expectIndxError(host.readConfigFile(name), 'invalid_path');
  });
});
