import fc from 'fast-check';
import { toExactPathsGlob } from '../../../src/core/ai/relate/exact-paths-glob';
import { lexicalQueryOf } from '../../../src/core/ai/relate/lexical-query';
import { compileGlob } from '../../../src/core/notes/glob';
import type { RelatedEdge } from '../../../src/core/ai/relate/relate-output-schema';
import { similarityQueryOf } from '../../../src/core/ai/relate/similarity-query';
import { sortEdges } from '../../../src/core/ai/relate/sort-edges';
import { toSnapshot } from '../../../src/core/ai/scope/read-scope-notes';

const etag = () => '0123456789abcdef';

describe('neighbour queries of a note', () => {
  const note = toSnapshot('Projects/Sync plan.md', '---\ntags: [x]\nsecret_key: frontmatter-only\n---\n# Plan\nThe syncing engine syncs the storage; sync is the engine of the storage.\n## Risks\nDeadline.\n', etag);

  it('lexical: the title, then the body words that occur most (by index term, so "syncing"/"syncs"/"sync" count together), stop words and frontmatter left out', () => {
    const words = lexicalQueryOf(note).split(' ');
    expect(words.slice(0, 5)).toEqual(['Sync', 'plan', 'syncing', 'engine', 'storage']);
    expect(words).not.toContain('the');
    expect(words).not.toContain('frontmatter');
    expect(words.length).toBeLessThanOrEqual(2 + 12);
  });

  it('semantic: title, headings and opening words (the similar:// recipe), at most 2,000 characters cut at a space', () => {
    expect(similarityQueryOf(note)).toBe('Sync plan Plan Risks # Plan The syncing engine syncs the storage; sync is the engine of the storage. ## Risks Deadline.');
    const long = toSnapshot('Long.md', `${'word '.repeat(1000)}\n`, etag);
    const query = similarityQueryOf(long);
    expect(query.length).toBeLessThanOrEqual(2000);
    expect(query.endsWith('word')).toBe(true);
  });
});

describe('sortEdges', () => {
  const edge = (dst: string, similarity: number, confidence?: number, src = 'S.md'): RelatedEdge => ({ src_path: src, dst_path: dst, similarity, evidence: [], ...(confidence === undefined ? {} : { relation: 'extends', confidence }) });

  it('orders by confidence, then similarity (both descending), then dst_path; unclassified edges after classified ones', () => {
    const sorted = sortEdges([edge('d.md', 0.9), edge('c.md', 0.2, 0.5), edge('b.md', 0.7, 0.5), edge('a.md', 0.7, 0.5), edge('e.md', 0.1, 0.9)]);
    expect(sorted.map((item) => item.dst_path)).toEqual(['e.md', 'a.md', 'b.md', 'c.md', 'd.md']);
  });

  it('keeps one edge per source and related note (the first given), both directions of a pair kept', () => {
    const sorted = sortEdges([edge('a.md', 0.5, 0.6), edge('a.md', 0.9, 0.9), edge('S.md', 0.5, 0.6, 'a.md')]);
    expect(sorted.map((item) => [item.src_path, item.dst_path, item.confidence])).toEqual([
      ['a.md', 'S.md', 0.6],
      ['S.md', 'a.md', 0.6],
    ]);
  });
});

describe('toExactPathsGlob', () => {
  it('matches exactly the given paths, glob characters in names included, and nothing else', () => {
    const name = fc.stringMatching(/^[a-z*?[\]{},! ]{1,6}$/);
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(name, name).map(([folder, file]) => `${folder}/${file}.md`), { minLength: 1, maxLength: 8 }), fc.array(name, { maxLength: 5 }), (paths, others) => {
        const matches = compileGlob(toExactPathsGlob(paths) ?? undefined);
        for (const path of paths) expect(matches(path)).toBe(true);
        for (const other of others.map((file) => `${file}/${file}.md`).filter((path) => !paths.includes(path))) expect(matches(other)).toBe(false);
      }),
      { seed: 5, numRuns: 200 },
    );
  });

  it('gives up (null) past the glob\'s 64 alternatives', () => {
    expect(toExactPathsGlob(Array.from({ length: 65 }, (_, index) => `n${index}.md`))).toBeNull();
  });
});
