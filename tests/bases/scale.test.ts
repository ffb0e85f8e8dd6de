import type { LinkMap } from '../../src/core/vault/vault-host';
import { MemoryHost, type MemoryFile } from './helpers/memory-host';
import { runBase } from './helpers/run-base';

// Bases over vaults of tens of thousands of notes. Each case runs under jest's default 5 s
// timeout and is sized so that the quadratic behaviour it guards against would run far past it
// (runBase yields after the run, so an expired timeout fails the test); the assertions are on
// results, never on times.

const JEST_DEFAULT_TIMEOUT = 5_000;

/** `count` notes n0..n(count-1), each linking to Hub.md, and Hub.md. */
function hubVault(count: number, frontmatter: (index: number) => Record<string, unknown> = () => ({})): { files: Record<string, MemoryFile>; links: LinkMap } {
  const files: Record<string, MemoryFile> = { 'Hub.md': {} };
  const links: LinkMap = {};
  for (let index = 0; index < count; index += 1) {
    files[`n${index}.md`] = { frontmatter: frontmatter(index) };
    links[`n${index}.md`] = { 'Hub.md': 1 };
  }
  return { files, links };
}

describe('link maps are read once per query', () => {
  // A host that filters excluded paths rebuilds its link maps on every call; a filter asking
  // per row made 10,000 rows × a 10,000-entry copy (about 50 s).
  it(
    'file.hasLink() on 10,000 notes',
    async () => {
      const { files, links } = hubVault(10_000);
      const host = new MemoryHost(files, links);
      const result = await runBase(host, 'filters: file.hasLink("Hub")\n');
      expect([result.total, host.linkMapCalls]).toEqual([10_000, 1]);
    },
    JEST_DEFAULT_TIMEOUT,
  );

  it(
    'link.linksTo() on 10,000 notes',
    async () => {
      const { files, links } = hubVault(10_000, (index) => ({ next: `[[n${(index + 1) % 10_000}]]` }));
      const host = new MemoryHost(files, links);
      const result = await runBase(host, 'filters: next.linksTo(file("Hub.md"))\n');
      expect([result.total, host.linkMapCalls]).toEqual([10_000, 1]);
    },
    JEST_DEFAULT_TIMEOUT,
  );

  it(
    'file.hasLink() to a missing note reads the unresolved map once',
    async () => {
      const { files, links } = hubVault(10_000);
      const host = new MemoryHost(files, links);
      const result = await runBase(host, 'filters: file.hasLink("Nowhere")\n');
      expect([result.total, host.linkMapCalls]).toEqual([0, 1]);
    },
    JEST_DEFAULT_TIMEOUT,
  );
});

describe('backlinks', () => {
  // Each source was added by copying the target's whole array: 50,000 backlinks, 1.25e9 copies (23 s).
  it(
    'file.backlinks of a note with 50,000 backlinks',
    async () => {
      const { files, links } = hubVault(50_000);
      const result = await runBase(new MemoryHost(files, links), 'filters: file.path == "Hub.md"\nviews:\n  - type: table\n    order: [file.backlinks]\n');
      const backlinks = result.rows[0]?.values['file.backlinks'] as string[];
      expect([result.total, backlinks.length, backlinks[0], backlinks.at(-1)]).toEqual([1, 50_000, '[[n0]]', '[[n9999]]']);
    },
    JEST_DEFAULT_TIMEOUT,
  );
});

describe('summaries over large views', () => {
  // Unique compared every value with every earlier one (`==` on lists item by item).
  it(
    'Unique counts 40,000 list values',
    async () => {
      const { files } = hubVault(40_000, (index) => ({ v: [index % 20_000, 'tag', 'other'] }));
      const result = await runBase(new MemoryHost(files), 'views:\n  - type: table\n    summaries:\n      v: Unique\n', { pageSize: 1 });
      expect(result.summaries).toEqual({ 'note.v': 20_000 });
    },
    JEST_DEFAULT_TIMEOUT,
  );

  // Math.max(...numbers) with 200,000 arguments throws RangeError (stack size exceeded).
  it('Max and Range of 200,000 numbers', async () => {
    const { files } = hubVault(200_000, (index) => ({ v: (index * 7919) % 200_000, w: index - 50_000 }));
    const result = await runBase(new MemoryHost(files), 'views:\n  - type: table\n    summaries:\n      v: Max\n      w: Range\n', { pageSize: 1 });
    expect(result.summaries).toEqual({ 'note.v': 199_999, 'note.w': 199_999 });
  });
});
