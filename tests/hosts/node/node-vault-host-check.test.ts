import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FileContent, VaultEvent } from '../../../src/core/vault/vault-host';
import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { makeTempVault, removeTempVault } from '../../helpers/temp-vault';

const ORIGINAL = '# Note\noriginal\n';

/** A check like the engine's if_match: it passes only for the text the caller last read. */
function expectText(expected: string, seen: FileContent[]): (content: FileContent) => void {
  return (content) => {
    seen.push(content);
    if (content !== expected) throw new Error('changed since read');
  };
}

/** A small deterministic generator (linear congruential), so the interleavings repeat. */
function seededNumbers(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648);
}

// The engine's if_match on note_delete and note_move runs as the host's `check`: it must see the
// very text that is moved, read under the same lock as `process`, so no concurrent write slips in.
describe('NodeVaultHost trash and rename with a check', () => {
  let vault: string;
  let host: NodeVaultHost;
  let events: VaultEvent[];

  beforeEach(async () => {
    vault = await makeTempVault({ 'Note.md': ORIGINAL, 'Folder/Inner.md': 'inner\n' });
    host = await NodeVaultHost.open(vault);
    events = [];
    host.on((event) => events.push(event));
  });

  afterEach(async () => {
    await host.close();
    await removeTempVault(vault);
  });

  it('passes the current text to the check, then trashes', async () => {
    const seen: FileContent[] = [];
    await host.trash('Note.md', expectText(ORIGINAL, seen));
    expect(seen).toEqual([ORIGINAL]);
    expect(await fs.readFile(path.join(vault, '.trash/Note.md'), 'utf8')).toBe(ORIGINAL);
  });

  it('moves nothing and rethrows when the check throws, for trash and for rename', async () => {
    const refusal = new Error('etag mismatch');
    const refuse = () => {
      throw refusal;
    };
    await expect(host.trash('Note.md', refuse)).rejects.toBe(refusal);
    await expect(host.rename('Note.md', 'Moved.md', refuse)).rejects.toBe(refusal);
    expect(await fs.readFile(path.join(vault, 'Note.md'), 'utf8')).toBe(ORIGINAL);
    expect(await fs.readdir(vault)).not.toContain('Moved.md');
    expect(host.exists('Note.md')).toBe(true);
    expect(events).toEqual([]);
  });

  it('renames after a passing check', async () => {
    const seen: FileContent[] = [];
    await host.rename('Note.md', 'Moved.md', expectText(ORIGINAL, seen));
    expect(seen).toEqual([ORIGINAL]);
    expect(await fs.readFile(path.join(vault, 'Moved.md'), 'utf8')).toBe(ORIGINAL);
  });

  it('does not call the check for a folder', async () => {
    const check = jest.fn();
    await host.rename('Folder', 'Renamed', check);
    await host.trash('Renamed', check);
    expect(check).not.toHaveBeenCalled();
  });

  it('never trashes a version the check did not see when a write races it', async () => {
    const next = seededNumbers(20260807);
    const outcomes = new Set<string>();
    for (let round = 0; round < 40; round++) {
      await fs.writeFile(path.join(vault, `Race ${round}.md`), ORIGINAL);
      const note = `Race ${round}.md`;
      const seen: FileContent[] = [];
      const trashFirst = next() % 2 === 0;
      const delayTurns = next() % 3;
      const write = async () => {
        for (let turn = 0; turn < (trashFirst ? delayTurns : 0); turn++) await nextTurn();
        return host.process(note, (text) => `${text}concurrent edit\n`).then(() => 'written', () => 'refused');
      };
      const trash = async () => {
        for (let turn = 0; turn < (trashFirst ? 0 : delayTurns); turn++) await nextTurn();
        return host.trash(note, expectText(ORIGINAL, seen)).then(() => 'trashed', () => 'refused');
      };
      const [written, trashed] = await Promise.all([write(), trash()]);
      outcomes.add(trashed);
      if (trashed === 'trashed') {
        expect(await fs.readFile(path.join(vault, '.trash', note), 'utf8')).toBe(seen[0]);
        expect(written).toBe('refused');
      } else {
        expect(await fs.readFile(path.join(vault, note), 'utf8')).toBe(`${ORIGINAL}concurrent edit\n`);
      }
    }
    // Both orders happened: the race was real.
    expect([...outcomes].sort()).toEqual(['refused', 'trashed']);
  });
});
