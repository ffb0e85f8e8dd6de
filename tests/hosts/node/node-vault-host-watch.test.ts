import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { VaultEvent } from '../../../src/core/vault/vault-host';
import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { makeTempVault, removeTempVault, waitFor } from '../../helpers/temp-vault';
import { DEFAULT_CONFIG_DIR } from '../../../src/hosts/node/vault-paths';

/** Latencies measured here, printed once so the report can quote them (no timing assertion). */
const latencies: Record<string, number> = {};

describe('NodeVaultHost with watch: changes made by other programs', () => {
  let vault: string;
  let host: NodeVaultHost;
  let events: VaultEvent[];

  const has = (expected: VaultEvent) => () => events.some((event) => JSON.stringify(event) === JSON.stringify(expected));

  beforeEach(async () => {
    vault = await makeTempVault();
    host = await NodeVaultHost.open(vault, { watch: true });
    events = [];
    host.on((event) => events.push(event));
  });

  afterEach(async () => {
    await host.close();
    await removeTempVault(vault);
  });

  afterAll(() => {
    console.log(`watcher latencies (ms): ${JSON.stringify(latencies)}`);
  });

  it('picks up an external edit with new metadata', async () => {
    await fs.writeFile(path.join(vault, 'Notes/Sub/Deep.md'), 'now links to [[Home]]\n');
    latencies.modify = await waitFor(has({ type: 'metadata', path: 'Notes/Sub/Deep.md' }));
    expect(events).toEqual([
      { type: 'modify', path: 'Notes/Sub/Deep.md' },
      { type: 'metadata', path: 'Notes/Sub/Deep.md' },
    ]);
    expect(host.resolvedLinks()['Notes/Sub/Deep.md']).toEqual({ 'Home.md': 1 });
    expect(host.stat('Notes/Sub/Deep.md')?.size).toBe(22);
  });

  it('picks up a file copied in, in a new folder, and resolves links to it', async () => {
    await fs.mkdir(path.join(vault, 'Inbox'));
    await fs.writeFile(path.join(vault, 'Inbox/Beta.md'), '# Beta\n');
    latencies.create = await waitFor(has({ type: 'metadata', path: 'Inbox/Beta.md' }));
    expect(events.filter((event) => event.path === 'Inbox/Beta.md').map((event) => event.type)).toEqual([
      'create',
      'metadata',
    ]);
    expect(host.listFolders()).toContain('Inbox');
    expect(host.resolvedLinks()['Notes/Alpha.md']).toEqual({ 'Home.md': 1, 'Inbox/Beta.md': 2 });
  });

  it('picks up an external delete', async () => {
    await fs.rm(path.join(vault, 'Notes/Alpha.md'));
    latencies.delete = await waitFor(has({ type: 'delete', path: 'Notes/Alpha.md' }));
    expect(host.exists('Notes/Alpha.md')).toBe(false);
    expect(host.resolvedLinks()['Notes/Alpha.md']).toBeUndefined();
    expect(host.unresolvedLinks()['Home.md']).toMatchObject({ alpha: 1 });
  });

  it('sees an external rename as a delete and a create', async () => {
    await fs.rename(path.join(vault, 'Notes/Alpha.md'), path.join(vault, 'Notes/Gamma.md'));
    latencies.rename = await waitFor(
      () => has({ type: 'delete', path: 'Notes/Alpha.md' })() && has({ type: 'metadata', path: 'Notes/Gamma.md' })(),
    );
    expect(host.getMetadata('Notes/Gamma.md')?.headings?.[0]?.heading).toBe('Alpha');
    expect(host.exists('Notes/Alpha.md')).toBe(false);
  });

  it('picks up an external folder delete', async () => {
    await fs.rm(path.join(vault, 'Notes'), { recursive: true });
    latencies.folderDelete = await waitFor(() => !host.exists('Notes') && host.listFiles().length === 2);
    expect(events.filter((event) => event.type === 'delete').map((event) => event.path).sort()).toEqual([
      'Notes/Alpha.md',
      'Notes/Sub/Deep.md',
    ]);
  });

  it('picks up a folder moved in from outside, and later edits inside it', async () => {
    const outside = path.join(path.dirname(vault), 'project');
    await fs.mkdir(path.join(outside, 'deep'), { recursive: true });
    await fs.writeFile(path.join(outside, 'readme.md'), '[[Home]]');
    await fs.writeFile(path.join(outside, 'deep/inner.md'), 'inner');
    await fs.rename(outside, path.join(vault, 'Project'));
    latencies.folderMoveIn = await waitFor(() => host.exists('Project/deep/inner.md') && host.exists('Project/readme.md'));
    expect(host.resolvedLinks()['Project/readme.md']).toEqual({ 'Home.md': 1 });
    expect(host.listFolders()).toEqual(expect.arrayContaining(['Project', 'Project/deep']));
    await fs.writeFile(path.join(vault, 'Project/deep/inner.md'), 'inner [[Home]]');
    await waitFor(has({ type: 'modify', path: 'Project/deep/inner.md' }));
  });

  it('follows a folder renamed by another program, reporting edits under the new name only', async () => {
    await fs.rename(path.join(vault, 'Notes'), path.join(vault, 'Archive'));
    latencies.folderRename = await waitFor(() => host.exists('Archive/Sub/Deep.md') && !host.exists('Notes'));
    events.length = 0;
    await fs.writeFile(path.join(vault, 'Archive/Sub/Deep.md'), 'edited');
    await waitFor(has({ type: 'modify', path: 'Archive/Sub/Deep.md' }));
    await host.settled();
    expect(events.filter((event) => event.path.startsWith('Notes/'))).toEqual([]);
    expect(host.exists('Notes/Sub/Deep.md')).toBe(false);
  });

  it('reports a write-then-rename replacement (git, most editors) as one modify', async () => {
    await fs.writeFile(path.join(vault, 'Notes/Alpha.md~tmp'), '# Alpha v2\n');
    await fs.rename(path.join(vault, 'Notes/Alpha.md~tmp'), path.join(vault, 'Notes/Alpha.md'));
    await waitFor(has({ type: 'metadata', path: 'Notes/Alpha.md' }));
    await delay(300);
    await host.settled();
    expect(events.filter((event) => event.path === 'Notes/Alpha.md')).toEqual([
      { type: 'modify', path: 'Notes/Alpha.md' },
      { type: 'metadata', path: 'Notes/Alpha.md' },
    ]);
    expect(host.exists('Notes/Alpha.md~tmp')).toBe(false);
  });

  it('emits exactly one modify for its own write, and none for its own create, trash or rename', async () => {
    await host.process('Home.md', (text) => `${text}more\n`);
    await host.create('New.md', 'hello');
    await host.rename('New.md', 'Renamed.md');
    await host.trash('Renamed.md');
    await delay(700);
    await host.settled();
    expect(events).toEqual([
      { type: 'modify', path: 'Home.md' },
      { type: 'metadata', path: 'Home.md' },
      { type: 'create', path: 'New.md' },
      { type: 'metadata', path: 'New.md' },
      { type: 'rename', path: 'Renamed.md', oldPath: 'New.md' },
      { type: 'delete', path: 'Renamed.md' },
    ]);
  });

  it('emits one modify per write when 20 writes race on one file', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, index) => host.process('Home.md', (text) => `${text}${index}\n`)));
    await delay(500);
    await host.settled();
    expect(events.filter((event) => event.type === 'modify')).toHaveLength(20);
    expect(events.filter((event) => event.type !== 'modify' && event.type !== 'metadata')).toEqual([]);
  });

  it('ignores hidden folders and temporary files', async () => {
    await fs.writeFile(path.join(vault, `${DEFAULT_CONFIG_DIR}/workspace.json`), '{}');
    await fs.writeFile(path.join(vault, 'Notes/.Alpha.md.abc.indx-tmp'), 'partial');
    await delay(500);
    await host.settled();
    expect(events).toEqual([]);
  });
});
