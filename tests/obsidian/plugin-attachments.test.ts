import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { makePng } from '../helpers/png';
import { connectClient } from '../server/mcp/mcp-harness';
import * as fake from './fake/obsidian';
import { loadBuiltPlugin, MANIFEST, preparePluginVault, waitForRelease, waitForServer, type PluginVault } from './plugin-harness';

// Issue 17 §4 in the plugin: attachments go through the Obsidian host, on app.vault's binary API
// (createBinary, modifyBinary, readBinary), with the built main.js on the fake app.

const PNG = makePng(3, 3, 7);
const OTHER_PNG = makePng(2, 5, 8);
const FILES = { 'Home.md': '# Home\n\n![[shot.png]]\n' };

/** The structured result of a tool call, failing the test on an error result. */
async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError === true) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Record<string, unknown>;
}

describe('attachments through the built plugin on the fake app', () => {
  let vault: PluginVault;
  let plugin: fake.Plugin;
  let client: Client;

  beforeAll(async () => {
    fake.installAppGlobals();
    vault = await preparePluginVault(FILES);
    plugin = new (loadBuiltPlugin(fake))(vault.app, MANIFEST);
    await vault.app.enable(plugin);
    vault.app.workspace.setLayoutReady();
    const record = await waitForServer(vault);
    client = await connectClient(`${record.url}/mcp`, 'modern', vault.token);
  });

  afterAll(async () => {
    await client.close();
    vault.app.disable(plugin);
    await waitForRelease(vault).catch(() => undefined);
    await vault.dispose();
    delete process.env.INDX_HOME;
  });

  it('attachment_write creates with vault.createBinary and replaces with vault.modifyBinary; attachment_read gives the bytes back', async () => {
    const createBinary = jest.spyOn(vault.app.vault, 'createBinary');
    const modifyBinary = jest.spyOn(vault.app.vault, 'modifyBinary');
    try {
      const created = await callTool(client, 'attachment_write', { path: 'img/shot.png', data: PNG.toString('base64') });
      expect(created).toMatchObject({ path: 'img/shot.png', mime: 'image/png', size: PNG.length, created: true });
      expect(createBinary).toHaveBeenCalledWith('img/shot.png', expect.any(ArrayBuffer));
      expect(await fs.readFile(path.join(vault.root, 'img/shot.png'))).toEqual(PNG);
      expect(vault.app.vault.getFileByPath('img/shot.png')).not.toBeNull();

      const read = await callTool(client, 'attachment_read', { path: 'img/shot.png' });
      expect(Buffer.from(read.data as string, 'base64')).toEqual(PNG);
      expect(read.etag).toBe(created.etag);

      const replaced = await callTool(client, 'attachment_write', { path: 'img/shot.png', data: OTHER_PNG.toString('base64'), if_match: created.etag });
      expect(replaced).toMatchObject({ created: false, size: OTHER_PNG.length });
      expect(modifyBinary).toHaveBeenCalledWith(vault.app.vault.getFileByPath('img/shot.png'), expect.any(ArrayBuffer));
      expect(await fs.readFile(path.join(vault.root, 'img/shot.png'))).toEqual(OTHER_PNG);
      const stale = await client.callTool({ name: 'attachment_write', arguments: { path: 'img/shot.png', data: PNG.toString('base64'), if_match: created.etag } });
      expect(stale.isError).toBe(true);
    } finally {
      createBinary.mockRestore();
      modifyBinary.mockRestore();
    }
  });

  it('lists it with the note embedding it (Obsidian\'s resolvedLinks) and serves it as a vault:// blob', async () => {
    const listed = await callTool(client, 'attachment_list', {});
    expect(listed.attachments).toEqual([expect.objectContaining({ path: 'img/shot.png', linked_from: ['Home.md'], linked_from_count: 1 })]);
    const { contents } = await client.readResource({ uri: 'vault://img/shot.png' });
    expect(contents).toEqual([{ uri: 'vault://img/shot.png', mimeType: 'image/png', blob: OTHER_PNG.toString('base64') }]);
  });
});
