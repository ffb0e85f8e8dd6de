import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../../../src/core/engine';
import { FileStorage } from '../../../src/hosts/node/file-storage';
import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { corpusRoot } from '../../helpers/corpora';

/** The kepano-vault corpus, read in place: it is only read, and engine state goes to a temp folder. */
export const KEPANO_VAULT = corpusRoot('kepano-vault');

/** An engine over a read-only folder, with a pinned clock. */
export interface CorpusEngine {
  host: NodeVaultHost;
  engine: Engine;
  dispose(): Promise<void>;
}

/** Opens `root` without a watcher; state (indexes, audit) goes to a temp folder, never into the corpus. */
export async function openCorpusEngine(root: string, clock: () => number): Promise<CorpusEngine> {
  const state = await mkdtemp(join(tmpdir(), 'indx-bases-state-'));
  const host = await NodeVaultHost.open(root, { watch: false });
  const engine = await Engine.create({ host, storage: new FileStorage(state), clock });
  return {
    host,
    engine,
    async dispose() {
      await engine.close();
      await host.close();
      await rm(state, { recursive: true, force: true });
    },
  };
}
