import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openTempVault, SHARED } from '../helpers/temp-vault';
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

/** Opens a read-only folder and returns vault_status; the state folder goes to a temp dir so nothing is written into ../shared. */
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

describe('every corpus in ../shared/corpora loads without an error', () => {
  it.each(['dnd-srd', 'eips', 'dendron-site', 'kepano-vault'])('%s', async (name) => {
    const status = await statusOf(join(SHARED, 'corpora', name));
    report(name, status);
    expect(status.notes).toBeGreaterThan(100);
  }, 120_000);

  it('tldr-pages (unpacked into a temp dir)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'indx-tldr-'));
    await promisify(execFile)('tar', ['-xzf', join(SHARED, 'corpora', 'tldr-pages.tar.gz'), '-C', root]);
    const vault = await openTempVault(root);
    try {
      const status = (await vault.engine.call('vault_status', {})).output as Status;
      report('tldr-pages', status);
      expect(status.notes).toBeGreaterThan(38_000);
    } finally {
      await vault.dispose();
    }
  }, 300_000);
});
