import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parseMetadata } from '../../src/core/metadata/parse-metadata';
import { getAllTags, parseFrontMatterTags } from '../../src/core/metadata/tags';
import { LinkResolver } from '../../src/core/metadata/link-resolver';
import { getLinkpath } from '../../src/core/metadata/linktext';
import type { CachedMetadata } from '../../src/core/metadata/types';

/** One capture from the real Obsidian app (see the fixtures' README). */
interface Capture {
  name: string;
  filePath: string;
  fileContents: string;
  cachedMetadata: Record<string, unknown>;
  getAllTags: string[] | null;
  parseFrontMatterTags: string[] | null;
  resolveLinkToPath: Record<string, string | null>;
}

const FIXTURES = path.resolve(__dirname, '../../../shared/fixtures/obsidian-cache');

function loadCaptures(): Capture[] {
  return fs
    .readdirSync(FIXTURES)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ name, ...(JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8')) as Omit<Capture, 'name'>) }));
}

/** The captured vault: every captured note plus every file a captured link resolved to. */
function buildVault(captures: Capture[]): LinkResolver {
  const resolver = new LinkResolver(captures.map((capture) => capture.filePath));
  for (const capture of captures) {
    for (const target of Object.values(capture.resolveLinkToPath)) if (target !== null) resolver.add(target);
  }
  return resolver;
}

/** Tallies exact matches per field and remembers the first mismatches to show. */
class Tally {
  readonly totals = new Map<string, { matched: number; total: number }>();
  readonly mismatches: string[] = [];

  record(field: string, where: string, actual: unknown, expected: unknown): void {
    const entry = this.totals.get(field) ?? { matched: 0, total: 0 };
    entry.total += 1;
    if (isDeepStrictEqual(actual, expected)) entry.matched += 1;
    else this.mismatches.push(`${where} ${field}\n  got      ${JSON.stringify(actual)}\n  expected ${JSON.stringify(expected)}`);
    this.totals.set(field, entry);
  }

  table(): string {
    const rows = [...this.totals.entries()].map(([field, { matched, total }]) => `${field.padEnd(22)} ${String(matched).padStart(4)} / ${total}`);
    return ['field                  exact / total', ...rows].join('\n');
  }
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
      tally.record('(key set)', capture.name, Object.keys(actual).sort(), Object.keys(expected).sort());
      for (const key of new Set([...Object.keys(actual), ...Object.keys(expected)])) {
        tally.record(key, capture.name, actual[key], expected[key]);
      }
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
