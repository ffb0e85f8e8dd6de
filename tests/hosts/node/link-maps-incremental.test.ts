import fc from 'fast-check';
import { promises as fs, type Dirent } from 'node:fs';
import * as path from 'node:path';
import { isIndxError } from '../../../src/core/errors';
import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { makeTempVault, removeTempVault } from '../../helpers/temp-vault';
import { sumLinkMap } from '../../../src/core/vault/link-totals';

// 'é' and 'Zö' exist on disk in NFD at the start (as macOS writes them); the host keys them in NFC.
const NAMES = ['a', 'B', 'c', 'a.png', 'é'];
const FOLDERS = ['', 'x/', 'x/y/', 'Z/', 'Zö/'];

const vaultPath = fc
  .tuple(fc.constantFrom(...FOLDERS), fc.constantFrom(...NAMES))
  .map(([folder, name]) => (name.includes('.') ? `${folder}${name}` : `${folder}${name}.md`));
const linkText = fc.tuple(fc.constantFrom(...FOLDERS), fc.constantFrom(...NAMES, 'A', 'b')).map(([folder, name]) => folder + name);
const noteText = fc
  .array(fc.tuple(fc.boolean(), linkText), { maxLength: 4 })
  .map((links) => links.map(([embed, target]) => `${embed ? '!' : ''}[[${target}]]`).join(' '));

type Operation =
  | { kind: 'create'; path: string; text: string }
  | { kind: 'write'; index: number; text: string }
  | { kind: 'trash'; index: number }
  | { kind: 'rename'; index: number; to: string }
  | { kind: 'moveFolder'; from: string; to: string };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), path: vaultPath, text: noteText }),
  fc.record({ kind: fc.constant('write' as const), index: fc.nat(), text: noteText }),
  fc.record({ kind: fc.constant('trash' as const), index: fc.nat() }),
  fc.record({ kind: fc.constant('rename' as const), index: fc.nat(), to: vaultPath }),
  fc.record({ kind: fc.constant('moveFolder' as const), from: fc.constantFrom('x', 'x/y', 'Z', 'Zö'), to: fc.constantFrom('W', 'Z/q', 'x/y', 'Zö/q') }),
);

async function countVisibleFiles(vault: string): Promise<number> {
  const entries = await fs.readdir(vault, { recursive: true, withFileTypes: true });
  const visible = (entry: Dirent) => !path.relative(vault, path.join(entry.parentPath, entry.name)).split(path.sep).some((name) => name.startsWith('.'));
  return entries.filter((entry) => entry.isFile() && visible(entry)).length;
}

async function apply(host: NodeVaultHost, step: Operation): Promise<void> {
  const files = host.listFiles().map((file) => file.path).sort();
  const pick = (index: number): string | undefined => files[index % Math.max(files.length, 1)];
  const target = 'index' in step ? pick(step.index) : undefined;
  // Expected refusals (already_exists, not_found, invalid_path) are part of the random walk.
  const ignoreExpected = (error: unknown) => {
    const expected = ['already_exists', 'not_found', 'invalid_path'] as const;
    if (!expected.some((code) => isIndxError(error, code))) throw error;
  };
  if (step.kind === 'create') await host.create(step.path, step.text).catch(ignoreExpected);
  if (step.kind === 'write' && target !== undefined) await host.process(target, () => step.text);
  if (step.kind === 'trash' && target !== undefined) await host.trash(target);
  if (step.kind === 'rename' && target !== undefined) await host.rename(target, step.to).catch(ignoreExpected);
  if (step.kind === 'moveFolder') await host.rename(step.from, step.to).catch(ignoreExpected);
}

// Obsidian keeps resolvedLinks/unresolvedLinks current as files come and go; recounting only the
// affected notes must give exactly what a full rescan of the folder gives.
describe('incremental link maps', () => {
  it('equal a fresh open after any sequence of creates, writes, trashes and renames', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (steps) => {
        const vault = await makeTempVault({
          'a.md': '[[B]] [[c]] ![[a.png]] [[é]]',
          'x/B.md': '[[a]] [[x/y/c]]',
          'x/y/c.md': '[[A]]',
          'x/e\u0301.md': '[[Zö/a]]',
          'Zo\u0308/a.md': '[[é]]',
        });
        const host = await NodeVaultHost.open(vault);
        try {
          for (const step of steps) {
            await apply(host, step);
            const fresh = await NodeVaultHost.open(vault);
            expect(host.resolvedLinks()).toEqual(fresh.resolvedLinks());
            expect(host.unresolvedLinks()).toEqual(fresh.unresolvedLinks());
            // The running totals vault_status reads are the maps' sums.
            expect(host.linkTotals()).toEqual({ resolved: sumLinkMap(fresh.resolvedLinks()), unresolved: sumLinkMap(fresh.unresolvedLinks()) });
            expect(host.listFolders().sort()).toEqual(fresh.listFolders().sort());
            expect(host.listFiles().map((file) => file.path).sort()).toEqual(fresh.listFiles().map((file) => file.path).sort());
            // Paths are keyed in NFC, and no write made a second disk name for one (an NFC twin of an NFD name).
            expect(host.listFiles().filter((file) => file.path !== file.path.normalize('NFC'))).toEqual([]);
            expect(await countVisibleFiles(vault)).toBe(fresh.listFiles().length);
            await fresh.close();
          }
        } finally {
          await host.close();
          await removeTempVault(vault);
        }
      }),
      { seed: 20260807, numRuns: 40 },
    );
  });
});
