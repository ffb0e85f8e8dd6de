import fc from 'fast-check';
import { parseLinktext } from '../../src/core/metadata/linktext';
import { LinkResolver } from '../../src/core/metadata/link-resolver';
import { parseMetadata } from '../../src/core/metadata/parse-metadata';
import type { CachedMetadata, Reference, ReferenceCache } from '../../src/core/metadata/types';
import { rewriteLinksForMove } from '../../src/core/links/rewrite-links-for-move';

// A fixed seed keeps the run deterministic; bump numRuns locally when changing the rewriter.
const RUN = { seed: 20240611, numRuns: 300 };

const SOURCE = 'Notes/source.md';
const PATHS = [SOURCE, 'A/one.md', 'B/two words.md', 'C/one.md', 'A/sub/three.md', 'img.png', 'Notes/near.md'];
// Names with `%`, an unbalanced `(`, `&` and spaces: each new link must be read back by the parser
// as a link to the moved file, in wikilinks, bare and angle-bracket markdown links alike.
const DESTINATIONS = ['Z/one.md', 'Z/y/renamed.md', 'A/four.md', 'Deep/er/two words.md', 'Assets/pic.png', 'Notes/source moved.md', 'Elsewhere/source.md', 'root.md', 'Z/50%20off (draft.md', 'P/Tom & Jerry).md', 'Q/a%b.png'];

const LINK_TEMPLATES: ((name: string, path: string) => string)[] = [
  (name) => `[[${name}]]`,
  (name) => `[[${name}|Alias text]]`,
  (name) => `[[${name}#Heading]]`,
  (name) => `[[${name}#^block-id]]`,
  (name) => `![[${name}]]`,
  (_name, path) => `[[${path}]]`,
  (_name, path) => `[t](${encodeURI(path)})`,
  (_name, path) => `[t](<${path}#Heading>)`,
  (_name, path) => `![alt](${encodeURI(path)})`,
  (_name, path) => `[rel](../${encodeURI(path)})`,
];

const linkFragment = fc.tuple(fc.constantFrom(...PATHS), fc.nat(LINK_TEMPLATES.length - 1)).map(([path, index]) => {
  const name = path.replace(/^.*\//, '').replace(/\.md$/, '');
  return (LINK_TEMPLATES[index] as (name: string, path: string) => string)(name, path);
});
const otherFragment = fc.constantFrom('plain words', 'more, text.', '[[missing note]]', '[[#Self heading]]', '`[[one]]`', '#tag', '\n# Heading\n', '\n- item\n', '\n```\n[[one]]\n```\n', 'Ünïcode 🚀');
const body = fc.array(fc.oneof(linkFragment, otherFragment), { maxLength: 12 }).map((parts) => parts.join(' '));
const frontmatter = fc.option(fc.constantFrom('---\nup: "[[one]]"\ntags: [x]\n---\n', "---\nrelated:\n  - '[[three]]'\n  - \"[[A/one]]\"\n---\n"), { nil: undefined });
const note = fc.tuple(frontmatter, body).map(([head, rest]) => `${head ?? ''}${rest}\n`);

const moveMap = fc.uniqueArray(fc.tuple(fc.constantFrom(...PATHS), fc.constantFrom(...DESTINATIONS)), {
  selector: ([from]) => from,
  maxLength: 3,
}).filter((pairs) => new Set(pairs.map(([, to]) => to)).size === pairs.length).map((pairs) => new Map(pairs));

function bodyReferences(cache: CachedMetadata): ReferenceCache[] {
  return [...(cache.links ?? []), ...(cache.embeds ?? [])].sort((left, right) => left.position.start.offset - right.position.start.offset);
}

/** The text between links (and after the frontmatter): what a rewrite must never change. */
function gaps(text: string, cache: CachedMetadata): string[] {
  const pieces: string[] = [];
  let cursor = cache.frontmatterPosition?.end.offset ?? 0;
  for (const reference of bodyReferences(cache)) {
    pieces.push(text.slice(cursor, reference.position.start.offset));
    cursor = reference.position.end.offset;
  }
  pieces.push(text.slice(cursor));
  return pieces;
}

function rewrite(text: string, moves: Map<string, string>): { text: string; changed: number; before: LinkResolver; after: LinkResolver } {
  const before = new LinkResolver(PATHS);
  const after = new LinkResolver(PATHS.map((path) => moves.get(path) ?? path));
  const result = rewriteLinksForMove({
    text,
    cache: parseMetadata(text),
    sourcePathBefore: SOURCE,
    sourcePathAfter: moves.get(SOURCE) ?? SOURCE,
    context: { moves, resolveBefore: (path, source) => before.resolve(path, source), resolveAfter: (path, source) => after.resolve(path, source) },
  });
  return { ...result, before, after };
}

describe('rewriteLinksForMove properties', () => {
  it('returns byte-identical text when nothing moves', () => {
    fc.assert(
      fc.property(note, (text) => {
        expect(rewrite(text, new Map())).toMatchObject({ text, changed: 0 });
      }),
      RUN,
    );
  });

  it('changes no byte outside link ranges, and every rewritten link reaches the moved target', () => {
    fc.assert(
      fc.property(note, moveMap, (text, moves) => {
        const result = rewrite(text, moves);
        const oldCache = parseMetadata(text);
        const newCache = parseMetadata(result.text);
        expect(gaps(result.text, newCache)).toEqual(gaps(text, oldCache));
        const oldReferences = bodyReferences(oldCache);
        const newReferences = bodyReferences(newCache);
        expect(newReferences).toHaveLength(oldReferences.length);
        oldReferences.forEach((reference, index) => expectSameTarget(reference, newReferences[index] as ReferenceCache, moves, result));
        const oldFrontmatterLinks = oldCache.frontmatterLinks ?? [];
        expect(newCache.frontmatterLinks ?? []).toHaveLength(oldFrontmatterLinks.length);
        oldFrontmatterLinks.forEach((reference, index) => expectSameTarget(reference, (newCache.frontmatterLinks ?? [])[index] as Reference, moves, result));
      }),
      RUN,
    );
  });
});

function expectSameTarget(old: Reference, rewritten: Reference, moves: Map<string, string>, vaults: { before: LinkResolver; after: LinkResolver }): void {
  const oldPath = parseLinktext(old.link).path;
  const newPath = parseLinktext(rewritten.link).path;
  expect(parseLinktext(rewritten.link).subpath).toBe(parseLinktext(old.link).subpath);
  expect(rewritten.original.startsWith('!')).toBe(old.original.startsWith('!'));
  if (oldPath === '') return expect(newPath).toBe('');
  const target = vaults.before.resolve(oldPath, SOURCE);
  if (target === null) return expect(rewritten.original).toBe(old.original);
  expect(vaults.after.resolve(newPath, moves.get(SOURCE) ?? SOURCE)).toBe(moves.get(target) ?? target);
}
