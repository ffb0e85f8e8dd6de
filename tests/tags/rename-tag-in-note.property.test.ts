import fc from 'fast-check';
import { parseMetadata } from '../../src/core/metadata/parse-metadata';
import type { CachedMetadata } from '../../src/core/metadata/types';
import { hasTagPrefix } from '../../src/core/tags/has-tag-prefix';
import { renameTagInNote } from '../../src/core/tags/rename-tag-in-note';

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

  it('returns byte-identical text when the name maps onto itself', () => {
    fc.assert(
      fc.property(note, (text) => {
        expect(renameTagInNote({ text, cache: parseMetadata(text), from: 'gamma', to: 'gamma' })).toEqual({ text, changed: 0 });
      }),
      RUN,
    );
  });
});
