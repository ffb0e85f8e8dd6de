import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { parseMetadata } from '../../../src/core/metadata/parse-metadata';
import { compactMetadata } from '../../../src/core/metadata/compact-metadata';
import { METADATA_PARSER_VERSION } from '../../../src/core/metadata/parser-version';
import type { CachedMetadata } from '../../../src/core/metadata/types';
import { MetadataCache, METADATA_SHARDS, shardOf } from '../../../src/hosts/node/metadata-cache';
import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { makeTempVault, removeTempVault } from '../../helpers/temp-vault';

/** Notes enough to land in many shards, each linking the next and tagged. */
const NOTE_COUNT = 150;

function noteText(index: number, extra = ''): string {
  return `---\ntags: [series/${index % 7}]\n---\n# Note ${index}\n\n- item with [[Note ${(index + 1) % NOTE_COUNT}]]\n- [ ] task #todo\n\nText ^block${index}\n${extra}`;
}

describe('the headless host\'s metadata cache: a warm start reads only the notes that changed', () => {
  let vault: string;
  let cacheDir: string;

  async function open(): Promise<NodeVaultHost> {
    return NodeVaultHost.open(vault, { metadataCacheDir: cacheDir });
  }

  /** Every note's metadata as the host holds it, by path. */
  function metadataOf(host: NodeVaultHost): Map<string, CachedMetadata | null> {
    return new Map(host.listFiles().map((file) => [file.path, host.getMetadata(file.path)]));
  }

  beforeEach(async () => {
    vault = await makeTempVault();
    cacheDir = path.join(vault, '.indx', 'metadata');
    await fs.mkdir(path.join(vault, 'Series'), { recursive: true });
    for (let index = 0; index < NOTE_COUNT; index += 1) await fs.writeFile(path.join(vault, 'Series', `Note ${index}.md`), noteText(index, index === 10 ? '![[diagram.png]]\n' : ''));
  });

  afterEach(async () => {
    await removeTempVault(vault);
  });

  it('parses every note on the first open, none on the next, and gives the same metadata and links', async () => {
    const first = await open();
    const cold = first.opening();
    const before = metadataOf(first);
    const links = JSON.stringify(first.resolvedLinks());
    await first.close();
    expect(cold).toMatchObject({ state: 'open', notes: NOTE_COUNT + 3, notes_parsed: NOTE_COUNT + 3, notes_from_cache: 0 });
    expect((await fs.readdir(cacheDir)).filter((name) => /^notes-[0-9a-f]{2}\.json$/.test(name))).toHaveLength(METADATA_SHARDS);

    const second = await open();
    expect(second.opening()).toMatchObject({ state: 'open', notes_parsed: 0, notes_from_cache: NOTE_COUNT + 3 });
    expect(metadataOf(second)).toEqual(before);
    expect(JSON.stringify(second.resolvedLinks())).toBe(links);
    await second.close();
  });

  it('keeps the compact form: what parseMetadata gives less sections, list items, footnotes and blocks', async () => {
    const host = await open();
    const text = await host.read('Series/Note 3.md');
    expect(host.getMetadata('Series/Note 3.md')).toEqual(compactMetadata(parseMetadata(text)));
    expect(host.getMetadata('Series/Note 3.md')).not.toHaveProperty('listItems');
    expect(parseMetadata(text).listItems).toHaveLength(2);
    await host.close();
  });

  it('re-reads notes edited, added and removed while it was stopped, and only those', async () => {
    await (await open()).close();
    // Same size, new content and a new modification time: the signature still differs.
    const edited = path.join(vault, 'Series', 'Note 5.md');
    const sameSize = noteText(5).replace('[[Note 6]]', '[[Note 9]]');
    await fs.writeFile(edited, sameSize);
    await fs.utimes(edited, new Date(), new Date(Date.now() + 5000));
    await fs.writeFile(path.join(vault, 'Series', 'Fresh.md'), 'A new note linking [[Note 1]] #fresh\n');
    await fs.rm(path.join(vault, 'Series', 'Note 7.md'));
    // An attachment an unchanged note embeds appears: that note's counts change though its file did not.
    await fs.writeFile(path.join(vault, 'diagram.png'), 'png');

    const host = await open();
    expect(host.opening()).toMatchObject({ notes_parsed: 2, notes_from_cache: NOTE_COUNT + 3 - 2 });
    expect(host.getMetadata('Series/Note 5.md')?.links?.map((link) => link.link)).toEqual(['Note 9']);
    expect(host.getMetadata('Series/Fresh.md')?.tags?.map((tag) => tag.tag)).toEqual(['#fresh']);
    expect(host.exists('Series/Note 7.md')).toBe(false);
    // Note 6 links to the removed Note 7: its link is unresolved now.
    expect(host.unresolvedLinks()['Series/Note 6.md']).toEqual({ 'Note 7': 1 });
    expect(host.resolvedLinks()['Series/Note 10.md']).toMatchObject({ 'diagram.png': 1 });
    expect(host.unresolvedLinks()['Series/Note 10.md']).toEqual({});
    const links = [JSON.stringify(host.resolvedLinks()), JSON.stringify(host.unresolvedLinks())];
    await host.close();

    const cache = await MetadataCache.load(cacheDir);
    expect(cache.problems).toEqual([]);
    expect(cache.take('Series/Note 7.md', 'any')).toBeNull();
    const again = await open();
    expect(again.opening()).toMatchObject({ notes_parsed: 0 });
    expect([JSON.stringify(again.resolvedLinks()), JSON.stringify(again.unresolvedLinks())]).toEqual(links);
    await again.close();
  });

  it('saves what its own writes change, so they are not read again at the next start', async () => {
    const host = await open();
    await host.process('Series/Note 2.md', (text) => `${text}\nAdded [[Note 40]]\n`);
    await host.create('Series/Made.md', '# Made here\n');
    await host.rename('Series/Note 3.md', 'Series/Moved 3.md');
    await host.close();

    const next = await open();
    expect(next.opening()).toMatchObject({ notes_parsed: 0, notes_from_cache: NOTE_COUNT + 4 });
    expect(next.getMetadata('Series/Note 2.md')?.links?.map((link) => link.link)).toContain('Note 40');
    expect(next.getMetadata('Series/Made.md')?.headings?.[0]?.heading).toBe('Made here');
    expect(next.getMetadata('Series/Moved 3.md')?.headings?.[0]?.heading).toBe('Note 3');
    await next.close();
  });

  it('rebuilds a corrupt shard instead of failing: its notes are parsed again and it is rewritten', async () => {
    await (await open()).close();
    const victim = 'Series/Note 11.md';
    const file = path.join(cacheDir, `notes-${shardOf(victim).toString(16).padStart(2, '0')}.json`);
    const bytes = await fs.readFile(file);
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 10] = flipped[flipped.length - 10] === 0x30 ? 0x31 : 0x30;
    await fs.writeFile(file, flipped);
    const warn = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const host = await open();
      const { notes_parsed, notes_from_cache } = host.opening() ?? { notes_parsed: 0, notes_from_cache: 0 };
      expect(notes_parsed).toBeGreaterThan(0);
      expect(notes_parsed + notes_from_cache).toBe(NOTE_COUNT + 3);
      expect(host.getMetadata(victim)?.headings?.[0]?.heading).toBe('Note 11');
      await host.close();
      expect(warn.mock.calls.map(([message]) => String(message)).join('\n')).toMatch(/metadata cache were unusable and are rebuilt \(their notes are read again\): notes-[0-9a-f]{2}\.json: checksum mismatch/);
    } finally {
      warn.mockRestore();
    }
    const next = await open();
    expect(next.opening()).toMatchObject({ notes_parsed: 0 });
    await next.close();
  });

  it('ignores shards of another parser version and any garbage in the folder', async () => {
    await (await open()).close();
    for (const name of await fs.readdir(cacheDir)) {
      const file = path.join(cacheDir, name);
      const text = await fs.readFile(file, 'utf8');
      await fs.writeFile(file, text.replace(`"parser":${METADATA_PARSER_VERSION},`, `"parser":${METADATA_PARSER_VERSION + 1},`));
    }
    await fs.writeFile(path.join(cacheDir, 'notes-00.json'), 'not json at all');
    const warn = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const host = await open();
    // One line per reason: 63 shards of another parser version, one without a header.
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([expect.stringMatching(/rebuilt \(their notes are read again\): notes-00\.json: no header line; 63 shards: parser version 2, this version is 1$/)]);
    warn.mockRestore();
    expect(host.opening()).toMatchObject({ state: 'open', notes_parsed: NOTE_COUNT + 3, notes_from_cache: 0 });
    await host.close();
    const loaded = await MetadataCache.load(cacheDir);
    expect(loaded.problems).toEqual([]);
    expect(loaded.savedNotes).toBe(NOTE_COUNT + 3);
  });
});
