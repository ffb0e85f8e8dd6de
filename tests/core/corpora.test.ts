import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusRoot } from '../helpers/corpora';
import { Engine } from '../../src/core/engine';
import { FileStorage } from '../../src/hosts/node/file-storage';
import { NodeVaultHost } from '../../src/hosts/node/node-vault-host';

interface Status {
  files: number;
  notes: number;
  canvases: number;
  bases: number;
  folders: number;
  links: { resolved: number; unresolved: number };
}

/** Opens a read-only folder and returns vault_status; the state folder goes to a temp dir so nothing is written into the corpus. */
async function statusOf(root: string): Promise<Status> {
  const state = await mkdtemp(join(tmpdir(), 'indx-state-'));
  const host = await NodeVaultHost.open(root, { watch: false });
  try {
    const engine = await Engine.create({ host, storage: new FileStorage(state) });
    return (await engine.call('vault_status', {})).output as Status;
  } finally {
    await host.close();
    await rm(state, { recursive: true, force: true });
  }
}

function report(name: string, status: Status): void {
  process.stdout.write(`${name}: ${status.files} files, ${status.notes} notes, ${status.canvases} canvases, ${status.bases} bases, ${status.folders} folders, links ${status.links.resolved} resolved / ${status.links.unresolved} unresolved\n`);
}

describe('every corpus in data/corpora loads without an error', () => {
  it.each(['dnd-srd', 'eips', 'dendron-site', 'kepano-vault'] as const)('%s', async (name) => {
    const status = await statusOf(corpusRoot(name));
    report(name, status);
    expect(status.notes).toBeGreaterThan(100);
  }, 120_000);

  it('tldr-pages', async () => {
    const status = await statusOf(corpusRoot('tldr-pages'));
    report('tldr-pages', status);
    expect(status.notes).toBeGreaterThan(38_000);
  }, 300_000);
});
