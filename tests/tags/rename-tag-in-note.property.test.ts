import fc from 'fast-check';
import { parseMetadata } from '../../src/core/metadata/parse-metadata';
import { getAllTags } from '../../src/core/metadata/tags';
import type { CachedMetadata } from '../../src/core/metadata/types';
import { hasTagPrefix } from '../../src/core/tags/has-tag-prefix';
import { renameTagInNote } from '../../src/core/tags/rename-tag-in-note';
import { isValidTagName, normalizeTag } from '../../src/core/tags/tag-name';

const RUN = { seed: 424242, numRuns: 300 };

const TAGS = ['#alpha', '#Alpha/beta', '#alphabet', '#beta/alpha', '#gamma', '#ALPHA/Beta/Gamma', '#été'];
const fragment = fc.oneof(fc.constantFrom(...TAGS), fc.constantFrom('words here', 'text, more.', '`#alpha`', '[[alpha]]', '\n- item #gamma\n', '\n```\n#alpha\n```\n', '🚀'));
const head = fc.option(fc.constantFrom('---\ntags: [alpha, gamma]\n---\n', '---\ntags:\n  - Alpha/beta # c\n  - "#alpha"\nother: alpha\n---\n'), { nil: undefined });
const note = fc.tuple(head, fc.array(fragment, { maxLength: 14 })).map(([front, parts]) => `${front ?? ''}${parts.join(' ')}\n`);
const from = fc.constantFrom('alpha', 'beta', 'alpha/beta', 'Gamma', 'été');
const to = fc.constantFrom('zeta', 'new/name', 'Alpha', 'alpha/sub');

function gaps(text: string, cache: CachedMetadata): string[] {
  const pieces: string[] = [];
  let cursor = cache.frontmatterPosition?.end.offset ?? 0;
  for (const tag of cache.tags ?? []) {
    pieces.push(text.slice(cursor, tag.position.start.offset));
    cursor = tag.position.end.offset;
  }
  pieces.push(text.slice(cursor));
  return pieces;
}

function renamedFrontmatter(frontmatter: Record<string, unknown> | undefined, oldName: string, newName: string): Record<string, unknown> | undefined {
  if (frontmatter === undefined || !Array.isArray(frontmatter.tags)) return frontmatter;
  const tags = (frontmatter.tags as string[]).map((value) => {
    const hash = value.startsWith('#') ? '#' : '';
    const name = value.slice(hash.length);
    return hasTagPrefix(name, oldName) ? `${hash}${newName}${name.slice(oldName.length)}` : value;
  });
  return { ...frontmatter, tags };
}

/** The frontmatter values Obsidian reads no tag from: other keys, and `tags` values that are not one tag. */
function ignoredByObsidian(frontmatter: Record<string, unknown> | undefined): unknown {
  const { tags, ...rest } = frontmatter ?? {};
  const items: unknown[] = Array.isArray(tags) ? tags : [tags];
  return { rest, tags: items.filter((item) => typeof item !== 'string' || !isValidTagName(normalizeTag(item))) };
}

describe('renameTagInNote properties', () => {
  it('changes only tag bytes, and each tag becomes its renamed form', () => {
    fc.assert(
      fc.property(note, from, to, (text, oldName, newName) => {
        const oldCache = parseMetadata(text);
        const result = renameTagInNote({ text, cache: oldCache, from: oldName, to: newName });
        const newCache = parseMetadata(result.text);
        expect(gaps(result.text, newCache)).toEqual(gaps(text, oldCache));
        const expected = (oldCache.tags ?? []).map(({ tag }) => (hasTagPrefix(tag.slice(1), oldName) ? `#${newName}${tag.slice(1 + oldName.length)}` : tag));
        expect((newCache.tags ?? []).map(({ tag }) => tag)).toEqual(expected);
        expect(newCache.frontmatter).toEqual(renamedFrontmatter(oldCache.frontmatter, oldName, newName));
      }),
      RUN,
    );
  });

  // Frontmatter shapes where Obsidian's reading differs from the raw YAML: the dropped singular
  // `tag` key, a comma-separated string (no tag since 1.9.4), a YAML boolean, a padded value.
  const trickyHead = fc.constantFrom('---\ntag: alpha\n---\n', '---\ntags: alpha, gamma\n---\n', '---\ntags: [true, "alpha/beta"]\n---\n', '---\ntags: " #Alpha "\n---\n', '---\ntags: [été, "#alpha"]\n---\n');
  const trickyNote = fc.tuple(trickyHead, fc.array(fragment, { maxLength: 6 })).map(([front, parts]) => `${front}${parts.join(' ')}\n`);

  it('renames exactly the tags Obsidian reads (getAllTags), frontmatter included, and nothing else', () => {
    fc.assert(
      fc.property(trickyNote, from, to, (text, oldName, newName) => {
        const result = renameTagInNote({ text, cache: parseMetadata(text), from: oldName, to: newName });
        const renamed = (getAllTags(parseMetadata(text)) ?? []).map((tag) => (hasTagPrefix(tag.slice(1), oldName) ? `#${newName}${tag.slice(1 + oldName.length)}` : tag));
        expect(getAllTags(parseMetadata(result.text))).toEqual(renamed);
        expect(ignoredByObsidian(parseMetadata(result.text).frontmatter)).toEqual(ignoredByObsidian(parseMetadata(text).frontmatter));
      }),
      RUN,
    );
  });

  it('returns byte-identical text when the name maps onto itself', () => {
    fc.assert(
      fc.property(note, (text) => {
        expect(renameTagInNote({ text, cache: parseMetadata(text), from: 'gamma', to: 'gamma' })).toEqual({ text, changed: 0 });
      }),
      RUN,
    );
  });
});
