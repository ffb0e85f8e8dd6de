import fc from 'fast-check';
import { parseMetadata } from '../../src/core/metadata/parse-metadata';
import type { CachedMetadata, Pos } from '../../src/core/metadata/types';

/** Markdown-ish fragments, so random notes hit the parser's constructs and their edges. */
const FRAGMENTS = [
  '#', '#tag', '[[', ']]', '|', '![[', '[', ']', '(', ')', '](', '- ', '* ', '1. ', '2) ', '[ ] ', '[x] ',
  '> ', '>', '> [!note]', '\n', '\r\n', '\n\n', '\t', '    ', ' ', '`', '```', '~~~', '%%', '$', '$$', '^id',
  '[^1]', '[^1]: ', '---', '===', '<!--', '-->', '<div>', '<br>', '\\', '*', '_', 'a', 'Zz', '😀', '\u200b',
  '| a | b |', '| - | - |', '.md', '%20', 'https://x.org/#y', '---\ntags: [a]\n---\n', 'key: "[[L]]"',
];

const markdownish = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 60 }).map((parts) => parts.join(''));
const anyText = fc.oneof(markdownish, fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 120 }));

/** Every position in the metadata, with what it belongs to. */
function allPositions(metadata: CachedMetadata): Array<{ kind: string; position: Pos }> {
  const found: Array<{ kind: string; position: Pos }> = [];
  const lists = { links: metadata.links, embeds: metadata.embeds, tags: metadata.tags, headings: metadata.headings, sections: metadata.sections, listItems: metadata.listItems, footnotes: metadata.footnotes, footnoteRefs: metadata.footnoteRefs };
  for (const [kind, items] of Object.entries(lists)) for (const item of items ?? []) found.push({ kind, position: item.position });
  for (const block of Object.values(metadata.blocks ?? {})) found.push({ kind: 'blocks', position: block.position });
  if (metadata.frontmatterPosition !== undefined) found.push({ kind: 'frontmatterPosition', position: metadata.frontmatterPosition });
  return found;
}

/** Offsets where each line starts, computed without the parser. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = 0; index < text.length; index += 1) if (text[index] === '\n') starts.push(index + 1);
  return starts;
}

describe('parseMetadata properties', () => {
  // Whatever the input, parsing succeeds and every location is consistent with the text.
  it('never throws and produces consistent positions', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const metadata = parseMetadata(text);
        const starts = lineStarts(text);
        for (const { kind, position } of allPositions(metadata)) {
          for (const point of [position.start, position.end]) {
            expect(point.offset).toBe((starts[point.line] ?? Number.NaN) + point.col);
            expect(point.col).toBeGreaterThanOrEqual(0);
          }
          expect(position.start.offset).toBeLessThanOrEqual(position.end.offset);
          expect(position.end.offset).toBeLessThanOrEqual(text.length);
          if (kind === 'sections' && position.end.offset > position.start.offset) {
            expect(text[position.end.offset - 1]).not.toMatch(/[\r\n]/);
          }
        }
      }),
      { seed: 20260830, numRuns: 600 },
    );
  });

  // `original` and `tag` are always the exact source text at their position.
  it('reports originals and tags exactly as written', () => {
    fc.assert(
      fc.property(markdownish, (text) => {
        const metadata = parseMetadata(text);
        for (const reference of [...(metadata.links ?? []), ...(metadata.embeds ?? [])]) {
          expect(text.slice(reference.position.start.offset, reference.position.end.offset)).toBe(reference.original);
        }
        for (const tag of metadata.tags ?? []) {
          expect(text.slice(tag.position.start.offset, tag.position.end.offset)).toBe(tag.tag);
        }
      }),
      { seed: 7, numRuns: 600 },
    );
  });

  // Parsing is a pure function of the text.
  it('is deterministic', () => {
    fc.assert(
      fc.property(markdownish, (text) => {
        expect(parseMetadata(text)).toEqual(parseMetadata(text));
      }),
      { seed: 99, numRuns: 200 },
    );
  });
});
