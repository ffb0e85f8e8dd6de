import { parseMetadata } from '../../src/core/metadata/parse-metadata';
import { getAllTags, parseFrontMatterTags } from '../../src/core/metadata/tags';
import { LinkResolver } from '../../src/core/metadata/link-resolver';
import { getLinkpath } from '../../src/core/metadata/linktext';
import type { CachedMetadata } from '../../src/core/metadata/types';
import { type Capture, loadCaptures, Tally } from './golden-captures';

/** The captured vault: every captured note plus every file a captured link resolved to. */
function buildVault(captures: Capture[]): LinkResolver {
  const resolver = new LinkResolver(captures.map((capture) => capture.filePath));
  for (const capture of captures) {
    for (const target of Object.values(capture.resolveLinkToPath)) if (target !== null) resolver.add(target);
  }
  return resolver;
}

describe('golden: parseMetadata reproduces the real Obsidian captures', () => {
  const captures = loadCaptures();
  const resolver = buildVault(captures);
  const tally = new Tally();

  beforeAll(() => {
    for (const capture of captures) {
      const metadata: CachedMetadata = parseMetadata(capture.fileContents);
      const actual = metadata as Record<string, unknown>;
      const expected = capture.cachedMetadata;
      tally.recordMetadata('', capture.name, actual, expected);
      tally.record('getAllTags', capture.name, getAllTags(metadata), capture.getAllTags);
      tally.record('parseFrontMatterTags', capture.name, parseFrontMatterTags(metadata.frontmatter), capture.parseFrontMatterTags);
      for (const [linktext, target] of Object.entries(capture.resolveLinkToPath)) {
        tally.record('resolveLinkToPath', `${capture.name} [${linktext}]`, resolver.resolve(getLinkpath(linktext), capture.filePath), target);
      }
    }
    console.log(`${captures.length} captures\n${tally.table()}`);
  });

  it('loads all 45 captures', () => {
    expect(captures).toHaveLength(45);
  });

  it('matches every field of every capture exactly', () => {
    expect(tally.mismatches).toEqual([]);
  });

  it('compared every field that the captures hold', () => {
    for (const field of ['links', 'embeds', 'tags', 'headings', 'sections', 'blocks', 'listItems', 'frontmatter', 'frontmatterPosition', 'frontmatterLinks']) {
      expect(tally.totals.get(field)?.total ?? 0).toBeGreaterThan(0);
    }
    expect(tally.totals.get('resolveLinkToPath')?.total ?? 0).toBeGreaterThan(30);
  });
});
