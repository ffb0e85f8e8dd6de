import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../../src/core/engine';
import { FileStorage, locateStateDir } from '../../src/hosts/node/file-storage';
import { listAllNames, openTempVault, writeTempFolder, type TempFiles, type TempVault } from '../helpers/temp-vault';

/**
 * Multi-file operations stopped half-way, at every write they make, then finished by the next
 * start (Engine.recoverInterrupted): the vault must end byte for byte as an uninterrupted run
 * leaves it. A "crash" here is the host failing a write and the journal entry staying behind;
 * tests/cli/crash-recovery.test.ts does the same with kill -9 on `indx serve`.
 */

const CANVAS = '{"nodes":[{"id":"1","type":"file","file":"Projects/p2.md","x":0,"y":0,"width":400,"height":300}],"edges":[]}';

const FILES: TempFiles = {
  'Projects/p1.md': '# P1\nSee [[p2]] and [rel](./p3.md). #alpha\n',
  'Projects/p2.md': '---\ntags: [alpha, beta]\n---\n# P2\n',
  'Projects/p3.md': '# P3\n#alpha/sub text\n',
  'Other/p1.md': 'Another p1, so links to Projects/p1 stay qualified.\n',
  'Other/p2.md': 'Another p2.\n',
  'Index.md': '- [[Projects/p1]]\n- [[Projects/p2|two]]\n- ![[Projects/p3#P3]]\n- [md](Projects/p1.md)\n#alpha\n',
  'Log.md': '---\nup: "[[Projects/p2]]"\ntags: alpha\n---\nLog. #Alpha\n',
  'Board.canvas': CANVAS,
  'Untouched.md': 'No links here.\n',
};

/** Every file of the vault (state and config folders aside), path → text. */
async function snapshot(root: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of (await listAllNames(root)).sort()) {
    if (name.startsWith('.indx') || name.startsWith('.obsidian')) continue;
    const absolutePath = join(root, name);
    if ((await fs.stat(absolutePath)).isFile()) files[name] = await fs.readFile(absolutePath, 'utf8');
  }
  return files;
}

async function journalNames(root: string): Promise<string[]> {
  return new FileStorage(locateStateDir(root)).list('journal');
}

/** Makes the vault's host fail every write after the first `writes` ones, as a crash would stop them. */
function crashAfter(vault: TempVault, writes: number): void {
  let left = writes;
  const process = vault.host.process.bind(vault.host);
  vault.host.process = (path, transform) => (left-- > 0 ? process(path, transform) : Promise.reject(new Error('crash')));
}

async function cleanRun(call: (engine: Engine) => Promise<unknown>): Promise<Record<string, string>> {
  const vault = await openTempVault(await writeTempFolder(FILES));
  try {
    await call(vault.engine);
    return await snapshot(vault.root);
  } finally {
    await vault.dispose();
  }
}

/**
 * Opens the vault at `root`, lets `breakIt` set a crash point, runs `call` and closes the vault as
 * the dying process leaves it. Resolves with the call's failure, or null when it succeeded.
 */
async function runToFailure(root: string, call: (engine: Engine) => Promise<unknown>, breakIt: (vault: TempVault) => void = () => undefined): Promise<unknown> {
  const vault = await openTempVault(root);
  breakIt(vault);
  const failure = await call(vault.engine).then(
    () => null,
    (error: unknown) => error,
  );
  await vault.engine.close();
  await vault.host.close();
  return failure;
}

/** Opens the vault at `root` again, as the next start does, runs `check` on it and closes it (removing the folder). */
async function afterRestart<T>(root: string, check: (vault: TempVault) => Promise<T>): Promise<T> {
  const vault = await openTempVault(root);
  try {
    return await check(vault);
  } finally {
    await vault.dispose();
  }
}

/** Runs `call` with writes failing after `writes`, then reopens the vault: what recovery reports and the files after it. */
async function interruptedRun(call: (engine: Engine) => Promise<unknown>, writes: number) {
  const root = await writeTempFolder(FILES);
  const failed = (await runToFailure(root, call, (vault) => crashAfter(vault, writes))) !== null;
  const pending = await journalNames(root);
  return afterRestart(root, async (second) => {
    const recovered = await second.engine.recoverInterrupted();
    const status = (await second.engine.call('vault_status', {})).output as { recovered: unknown[]; links: { unresolved: number } };
    return { failed, pending, recovered, status, files: await snapshot(root), journalAfter: await journalNames(root), audit: await fs.readFile(join(locateStateDir(root), 'audit.log'), 'utf8').catch(() => '') };
  });
}

const MOVE = (engine: Engine) => engine.call('note_move', { from: 'Projects', to: 'Archive' });
const RENAME = (engine: Engine) => engine.call('tag_rename', { from: 'alpha', to: 'gamma' });

describe('operations a crash interrupts are finished at the next start', () => {
  it('a folder move stopped after each of its writes ends as an uninterrupted move does, and says so', async () => {
    const expected = await cleanRun(MOVE);
    expect(Object.keys(expected)).toContain('Archive/p1.md');
    expect(expected['Index.md']).toContain('[[Archive/p1]]');
    let interrupted = 0;
    for (let writes = 0; ; writes += 1) {
      const run = await interruptedRun(MOVE, writes);
      expect(run.files).toEqual(expected);
      expect(run.journalAfter).toEqual([]);
      if (!run.failed) {
        // Past the last write: the move finished by itself and left no journal entry.
        expect(run.pending).toEqual([]);
        expect(run.recovered).toEqual([]);
        break;
      }
      interrupted += 1;
      expect(run.pending).toHaveLength(1);
      expect(run.recovered).toEqual([expect.objectContaining({ op: 'note_move', subject: 'Projects', to: 'Archive', outcome: 'completed' })]);
      expect(run.status.recovered).toEqual([expect.objectContaining({ op: 'note_move', outcome: 'completed' })]);
      expect(run.status.links.unresolved).toBe(0);
      expect(run.audit).toContain('"recovery":"completed"');
    }
    // Index, Log and the canvas at least (p1's relative link may stay as written): three or more crash points.
    expect(interrupted).toBeGreaterThanOrEqual(3);
  });

  it('a tag rename stopped after each of its writes ends as an uninterrupted rename does', async () => {
    const expected = await cleanRun(RENAME);
    expect(JSON.stringify(expected)).not.toMatch(/alpha/i);
    let interrupted = 0;
    for (let writes = 0; ; writes += 1) {
      const run = await interruptedRun(RENAME, writes);
      expect(run.files).toEqual(expected);
      expect(run.journalAfter).toEqual([]);
      if (!run.failed) break;
      interrupted += 1;
      expect(run.recovered).toEqual([expect.objectContaining({ op: 'tag_rename', subject: 'alpha', to: 'gamma', outcome: 'completed', files: 5 - writes })]);
    }
    expect(interrupted).toBe(5);
  });

  it('a move whose process died before the files moved is dropped: nothing changed, nothing is done', async () => {
    const root = await writeTempFolder(FILES);
    // Dies inside the rename: the journal entry is written, its removal never happens.
    const dieInRename = (vault: TempVault): void => {
      vault.host.rename = () => Promise.reject(new Error('crash'));
      vault.engine.storage.remove = () => Promise.resolve();
    };
    expect(await runToFailure(root, MOVE, dieInRename)).toMatchObject({ message: expect.stringContaining('failed unexpectedly') as unknown });
    expect(await journalNames(root)).toHaveLength(1);
    await afterRestart(root, async (second) => {
      expect(await second.engine.recoverInterrupted()).toEqual([expect.objectContaining({ op: 'note_move', outcome: 'rolled_back', files: 0 })]);
      expect(await snapshot(root)).toEqual(await snapshot(await writeTempFolder(FILES)));
      expect(await journalNames(root)).toEqual([]);
    });
  });

  it('leaves a note edited while the server was down as the user left it, and finishes the others', async () => {
    const root = await writeTempFolder(FILES);
    expect(await runToFailure(root, MOVE, (vault) => crashAfter(vault, 1))).toMatchObject({ message: expect.stringContaining('failed unexpectedly') as unknown });
    // Log.md was not rewritten yet; the user edits it before the next start.
    await fs.writeFile(join(root, 'Log.md'), 'Rewritten by hand: [[Archive/p2]]\n');
    await afterRestart(root, async (second) => {
      await second.engine.recoverInterrupted();
      expect(await fs.readFile(join(root, 'Log.md'), 'utf8')).toBe('Rewritten by hand: [[Archive/p2]]\n');
      expect(await fs.readFile(join(root, 'Board.canvas'), 'utf8')).toContain('Archive/p2.md');
    });
  });

  it('finishes a tag rename that stopped at a read-only note, leaving that note as it is (review finding)', async () => {
    const root = await writeTempFolder(FILES);
    await new FileStorage(locateStateDir(root)).write('config.json', JSON.stringify({ access: { read_only_paths: ['Log.md'] } }));
    expect(await runToFailure(root, RENAME)).toMatchObject({ code: 'path_forbidden' });
    expect(await journalNames(root)).toHaveLength(1);
    await afterRestart(root, async (second) => {
      expect(await second.engine.recoverInterrupted()).toEqual([expect.objectContaining({ op: 'tag_rename', outcome: 'completed' })]);
      expect(await journalNames(root)).toEqual([]);
      expect(await fs.readFile(join(root, 'Log.md'), 'utf8')).toContain('alpha');
      expect(await fs.readFile(join(root, 'Projects/p3.md'), 'utf8')).toContain('#gamma/sub');
    });
  });

  it('keeps the entry while writes are switched off, and says why', async () => {
    const root = await writeTempFolder(FILES);
    expect(await runToFailure(root, RENAME, (vault) => crashAfter(vault, 1))).toMatchObject({ message: expect.stringContaining('failed unexpectedly') as unknown });
    await new FileStorage(locateStateDir(root)).write('config.json', JSON.stringify({ access: { write_enabled: false } }));
    await afterRestart(root, async (second) => {
      expect(await second.engine.recoverInterrupted()).toEqual([expect.objectContaining({ outcome: 'failed', error: expect.stringContaining('write_enabled') as unknown })]);
      expect(await journalNames(root)).toHaveLength(1);
    });
  });

  it('closes the engine only once the calls still running have ended, so the next lock holder never finishes a live entry', async () => {
    const vault = await openTempVault(await writeTempFolder(FILES));
    const process = vault.host.process.bind(vault.host);
    vault.host.process = async (path, transform) => {
      await new Promise((resolve) => AbortSignal.timeout(60).addEventListener('abort', resolve));
      return process(path, transform);
    };
    let settled = false;
    const running = RENAME(vault.engine).finally(() => (settled = true));
    await new Promise((resolve) => AbortSignal.timeout(30).addEventListener('abort', resolve));
    await vault.engine.close();
    expect(settled).toBe(true);
    await running;
    expect(await journalNames(vault.root)).toEqual([]);
    await vault.host.close();
    await fs.rm(vault.root, { recursive: true, force: true });
  });

  it('reports an entry it cannot read as failed and keeps it, without stopping the start', async () => {
    const root = await writeTempFolder(FILES);
    const storage = new FileStorage(locateStateDir(root));
    await storage.write('journal/broken.json', '{"version": 1, "op": "note_move"');
    await storage.write('journal/future.json', JSON.stringify({ version: 1, id: 'x', op: 'note_merge', actor: 'cli', started_at: '2026-11-28T00:00:00.000Z', subject: 'A', to: 'B', plan: {} }));
    const vault = await openTempVault(root);
    try {
      const recovered = await vault.engine.recoverInterrupted();
      expect(recovered).toEqual([
        expect.objectContaining({ outcome: 'failed', error: expect.stringContaining('not JSON') as unknown }),
        expect.objectContaining({ op: 'note_merge', outcome: 'failed', error: expect.stringContaining('No operation "note_merge"') as unknown }),
      ]);
      expect(await journalNames(root)).toEqual(['journal/broken.json', 'journal/future.json']);
      expect(await snapshot(root)).toEqual(await snapshot(await writeTempFolder(FILES)));
    } finally {
      await vault.dispose();
    }
  });
});
