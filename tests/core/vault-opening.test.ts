import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Engine } from '../../src/core/engine';
import type { CachedMetadata } from '../../src/core/metadata/types';
import type { FileContent, FileStat, LinkMap, Unsubscribe, VaultEvent, VaultFile, VaultHost, VaultOpening } from '../../src/core/vault/vault-host';
import { FileStorage } from '../../src/hosts/node/file-storage';
import { NodeVaultHost } from '../../src/hosts/node/node-vault-host';
import { expectIndxError } from '../helpers/expect-error';
import { makeTempVault, removeTempVault } from '../helpers/temp-vault';

/**
 * A host still reading its vault until `finish()`: empty listings and an opening report, as the
 * headless host shows while it scans, over a real host that holds the vault once finished.
 */
class OpeningHost implements VaultHost {
  private done = false;
  private release: () => void = () => undefined;
  private readonly opened = new Promise<void>((resolve) => (this.release = resolve));

  constructor(private readonly inner: NodeVaultHost) {}

  finish(): void {
    this.done = true;
    this.release();
  }

  get name(): string {
    return this.inner.name;
  }
  whenOpen(): Promise<void> {
    return this.opened;
  }
  opening(): VaultOpening {
    return this.done ? { state: 'open', files: 4, notes: 3, notes_parsed: 3, notes_from_cache: 0, duration_ms: 10 } : { state: 'reading', files: 4, notes: 3, notes_parsed: 1, notes_from_cache: 0, duration_ms: 5 };
  }
  listFiles(): VaultFile[] {
    return this.done ? this.inner.listFiles() : [];
  }
  listFolders(): string[] {
    return this.done ? this.inner.listFolders() : [];
  }
  stat(path: string): FileStat | null {
    return this.done ? this.inner.stat(path) : null;
  }
  exists(path: string): boolean {
    return this.done && this.inner.exists(path);
  }
  read(path: string): Promise<string> {
    return this.inner.read(path);
  }
  readBinary(path: string): Promise<Uint8Array> {
    return this.inner.readBinary(path);
  }
  process(path: string, transform: (data: string) => string): Promise<string> {
    return this.inner.process(path, transform);
  }
  create(path: string, data: string): Promise<void> {
    return this.inner.create(path, data);
  }
  writeBinary(path: string, data: Uint8Array, check?: (current: Uint8Array | null) => void): Promise<void> {
    return this.inner.writeBinary(path, data, check);
  }
  trash(path: string, check?: (content: FileContent) => void): Promise<void> {
    return this.inner.trash(path, check);
  }
  rename(from: string, to: string, check?: (content: FileContent) => void): Promise<void> {
    return this.inner.rename(from, to, check);
  }
  getMetadata(path: string): CachedMetadata | null {
    return this.done ? this.inner.getMetadata(path) : null;
  }
  resolveLink(linkpath: string, sourcePath: string): string | null {
    return this.inner.resolveLink(linkpath, sourcePath);
  }
  resolvedLinks(): LinkMap {
    return this.done ? this.inner.resolvedLinks() : {};
  }
  unresolvedLinks(): LinkMap {
    return this.done ? this.inner.unresolvedLinks() : {};
  }
  rescan(): Promise<void> {
    return this.inner.rescan();
  }
  on(listener: (event: VaultEvent) => void): Unsubscribe {
    return this.inner.on(listener);
  }
}

describe('calls while a headless host is still reading the vault at start', () => {
  let vault: string;
  let state: string;
  let inner: NodeVaultHost;
  let host: OpeningHost;
  let engine: Engine;

  beforeEach(async () => {
    vault = await makeTempVault();
    state = await mkdtemp(join(tmpdir(), 'indx-opening-state-'));
    inner = await NodeVaultHost.open(vault);
    host = new OpeningHost(inner);
    engine = await Engine.create({ host, storage: new FileStorage(state), search: false, openWaitMs: 200 });
  });

  afterEach(async () => {
    host.finish();
    await engine.close();
    await inner.close();
    await removeTempVault(vault);
    await rm(state, { recursive: true, force: true });
  });

  it('vault_status answers at once with the progress, and says so in its summary', async () => {
    const { output, summary } = await engine.call('vault_status', {});
    expect(output).toMatchObject({ notes: 0, opening: { state: 'reading', notes: 3, notes_parsed: 1 } });
    expect(summary).toContain('still reading the vault (reading: 1 of 3 notes read');
  });

  it('a call that needs the vault waits for it and then answers from the whole vault', async () => {
    const reading = engine.call('note_read', { path: 'Notes/Alpha.md' });
    const listing = engine.call('note_list', {});
    void delay(50).then(() => host.finish());
    expect((await reading).output).toMatchObject({ path: 'Notes/Alpha.md' });
    expect((await listing).output).toMatchObject({ total: 3 });
    expect((await engine.call('vault_status', {})).output).toMatchObject({ notes: 3, opening: { state: 'open' } });
  });

  it('past the bounded wait, fails with vault_opening saying how far reading got and to retry', async () => {
    const failure = engine.call('note_read', { path: 'Notes/Alpha.md' });
    await expect(failure).rejects.toThrow(/still being read .*1 of 3 notes.*Retry shortly; vault_status shows the progress/);
    expect(await expectIndxError(failure, 'vault_opening')).toMatchObject({ opening: { state: 'reading' }, waited_ms: 200 });
  });

  it('operations that need no vault answer while it is read: the configuration and AI status', async () => {
    await expect(engine.call('vault_config_get', {})).resolves.toBeDefined();
    await expect(engine.call('ai_status', {})).resolves.toBeDefined();
  });
});
