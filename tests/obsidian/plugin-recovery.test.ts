import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { Engine } from '../../src/core/engine';
import { FileStorage } from '../../src/hosts/node/file-storage';
import { NodeVaultHost } from '../../src/hosts/node/node-vault-host';
import { connectClient } from '../server/mcp/mcp-harness';
import * as fake from './fake/obsidian';
import { loadBuiltPlugin, MANIFEST, preparePluginVault, waitForRelease, waitForServer, type PluginVault } from './plugin-harness';

const FILES = {
  'A.md': '# A\n#draft\n',
  'B.md': '# B\n#draft\n',
  'C.md': '---\ntags: [draft]\n---\n# C\n',
};

/**
 * The plugin finishes an operation a crash interrupted, as the headless host does: a tag rename
 * left half-done by a process that died (here a headless engine whose host fails after one
 * write, leaving its journal entry in the state folder both hosts share) is completed when the
 * built plugin starts its server, and reported by vault_status over MCP.
 */
describe('the built plugin finishes an interrupted tag rename at start', () => {
  let vault: PluginVault;
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

  beforeAll(async () => {
    fake.installAppGlobals();
    vault = await preparePluginVault(FILES);
  });

  afterAll(async () => {
    await vault.dispose();
    delete process.env.INDX_HOME;
    warn.mockRestore();
  });

  it('renames the tag in the notes the crash left, says so in the console and in vault_status', async () => {
    const host = await NodeVaultHost.open(vault.root, { watch: false });
    const engine = await Engine.create({ host, storage: new FileStorage(vault.stateDir), search: false });
    let writes = 1;
    const process = host.process.bind(host);
    host.process = (file, transform) => (writes-- > 0 ? process(file, transform) : Promise.reject(new Error('crash')));
    await expect(engine.call('tag_rename', { from: 'draft', to: 'final' })).rejects.toThrow();
    await engine.close();
    await host.close();
    expect(await fs.readFile(path.join(vault.root, 'B.md'), 'utf8')).toContain('#draft');

    const plugin = new (loadBuiltPlugin(fake))(vault.app, MANIFEST);
    await vault.app.enable(plugin);
    vault.app.workspace.setLayoutReady();
    const record = await waitForServer(vault);
    const client = await connectClient(`${record.url}/mcp`, 'modern', vault.token);
    try {
      const status = (await client.callTool({ name: 'vault_status', arguments: {} })).structuredContent as { recovered: unknown[] };
      expect(status.recovered).toEqual([expect.objectContaining({ op: 'tag_rename', subject: 'draft', to: 'final', outcome: 'completed', files: 2 })]);
    } finally {
      await client.close();
    }
    for (const name of ['A.md', 'B.md', 'C.md']) expect(await fs.readFile(path.join(vault.root, name), 'utf8')).not.toContain('draft');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('a crash interrupted tag_rename of "draft" to "final"'));
    expect(await new FileStorage(vault.stateDir).list('journal')).toEqual([]);
    vault.app.disable(plugin);
    await waitForRelease(vault);
  });
});
