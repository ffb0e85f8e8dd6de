import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { connectClient } from '../server/mcp/mcp-harness';
import { DAILY_VAULT, expectedDailyNote } from '../daily/daily-vault';
import * as fake from './fake/obsidian';
import { loadBuiltPlugin, MANIFEST, preparePluginVault, waitForRelease, waitForServer, type PluginVault } from './plugin-harness';

/**
 * The built plugin reads the user's Daily notes settings from the app's configuration folder
 * (through the vault adapter) and creates today's daily note where they say, from their
 * template, through `app.vault`: the note the app shows is the one made.
 */
describe('the built plugin: note_daily follows the Daily notes settings', () => {
  let vault: PluginVault;

  beforeAll(async () => {
    fake.installAppGlobals();
    vault = await preparePluginVault(DAILY_VAULT);
  });

  afterAll(async () => {
    await vault.dispose();
    delete process.env.INDX_HOME;
  });

  it('creates today’s note in the settings’ folder and format from their template, then returns it', async () => {
    const plugin = new (loadBuiltPlugin(fake))(vault.app, MANIFEST);
    await vault.app.enable(plugin);
    vault.app.workspace.setLayoutReady();
    const record = await waitForServer(vault);
    const client = await connectClient(`${record.url}/mcp`, 'modern', vault.token);
    try {
      const today = [new Date()];
      const first = (await client.callTool({ name: 'note_daily', arguments: {} })).structuredContent as { path: string; date: string; created: boolean; etag: string; body: string; frontmatter: unknown };
      today.push(new Date());
      // The day the plugin's clock said (a call made across midnight may take either).
      const day = today.find((candidate) => expectedDailyNote(candidate).path === first.path) ?? today[0];
      const expected = expectedDailyNote(day ?? new Date());
      expect(first).toMatchObject({ path: expected.path, created: true, body: expected.body, frontmatter: expected.frontmatter });
      expect(first.path).toMatch(/^Journal\/\d{4}\/\d{2}\/\d{4}-\d{2}-\d{2} [A-Z][a-z]+day\.md$/);
      expect(vault.app.vault.getFileByPath(first.path)).not.toBeNull();
      expect(await fs.readFile(path.join(vault.root, first.path), 'utf8')).toBe(`---\ntags: [daily]\nday: "${first.date}"\n---\n${expected.body}`);
      const second = (await client.callTool({ name: 'note_daily', arguments: { date: first.date } })).structuredContent;
      expect(second).toEqual({ ...first, created: false });
    } finally {
      await client.close();
    }
    vault.app.disable(plugin);
    await waitForRelease(vault);
  });
});
