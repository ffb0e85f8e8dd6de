import type { LinkMap } from '../../src/core/vault/vault-host';
import { basenameOf } from '../../src/core/vault/paths';
import { NodeVaultHost } from '../../src/hosts/node/node-vault-host';
import { corpusRoot } from '../helpers/corpora';
import { copyToTemp, openTempVault, type TempVault } from '../helpers/temp-vault';

/** Renames every path (as source and as target) of a link map through `rename`. */
function renameLinkMap(map: LinkMap, rename: (path: string) => string): LinkMap {
  const renamed: LinkMap = {};
  for (const [source, targets] of Object.entries(map)) {
    const entry: Record<string, number> = {};
    for (const [target, count] of Object.entries(targets)) entry[rename(target)] = (entry[rename(target)] ?? 0) + count;
    renamed[rename(source)] = entry;
  }
  return renamed;
}

function total(map: LinkMap): number {
  return Object.values(map).reduce((sum, targets) => sum + Object.values(targets).reduce((a, b) => a + b, 0), 0);
}

describe('note_move on a copy of the dnd-srd corpus', () => {
  let vault: TempVault;

  beforeAll(async () => {
    vault = await openTempVault(await copyToTemp(corpusRoot('dnd-srd')));
  }, 120_000);

  afterAll(async () => {
    await vault.dispose();
  });

  it('moves ten heavily linked notes and one folder, keeping every link pointing at the moved files', async () => {
    const resolvedBefore = vault.host.resolvedLinks();
    const unresolvedBefore = total(vault.host.unresolvedLinks());
    // Spells is the only folder other notes link into (791 wikilinks); its ten most linked notes move out first.
    const folderFrom = 'Spells';
    const folderTo = 'Magic/Spells';
    const inbound = new Map<string, number>();
    for (const [source, targets] of Object.entries(resolvedBefore)) {
      for (const [target, count] of Object.entries(targets)) if (target !== source && target.endsWith('.md')) inbound.set(target, (inbound.get(target) ?? 0) + count);
    }
    const heaviest = [...inbound]
      .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
      .slice(0, 10);
    const renames = new Map(heaviest.map(([path]) => [path, `Moved/${basenameOf(path)} (moved).md`]));
    const rename = (path: string): string => renames.get(path) ?? (path.startsWith(`${folderFrom}/`) ? folderTo + path.slice(folderFrom.length) : path);

    let linksRewritten = 0;
    for (const [from, to] of renames) {
      const result = await vault.engine.call('note_move', { from, to });
      linksRewritten += (result.output as { links_updated: number }).links_updated;
    }
    const folderMove = await vault.engine.call('note_move', { from: folderFrom, to: folderTo });
    linksRewritten += (folderMove.output as { links_updated: number }).links_updated;

    const expected = renameLinkMap(resolvedBefore, rename);
    const unresolvedAfter = total(vault.host.unresolvedLinks());
    process.stdout.write(
      `dnd-srd move: ${heaviest.length} notes (inbound links ${heaviest.map(([path, count]) => `${basenameOf(path)}: ${count}`).join(', ')}) + folder ${folderFrom} ` +
        `(${(folderMove.output as { moved: unknown[] }).moved.length} files); links rewritten ${linksRewritten}; ` +
        `resolved links ${total(resolvedBefore)} -> ${total(vault.host.resolvedLinks())}; unresolved ${unresolvedBefore} -> ${unresolvedAfter}\n`,
    );
    expect(heaviest).toHaveLength(10);
    // Every inbound link to a renamed note must be rewritten (its name changed); links into the moved folder may stay as written if they still resolve.
    expect(linksRewritten).toBeGreaterThanOrEqual(heaviest.reduce((sum, [, count]) => sum + count, 0));
    expect(unresolvedAfter).toBe(unresolvedBefore);
    expect(vault.host.resolvedLinks()).toEqual(expected);
    // The files on disk say the same as the incremental index: reopen and compare.
    const reopened = await NodeVaultHost.open(vault.root, { watch: false });
    expect(reopened.resolvedLinks()).toEqual(expected);
    expect(total(reopened.unresolvedLinks())).toBe(unresolvedBefore);
    await reopened.close();
  }, 300_000);
});
