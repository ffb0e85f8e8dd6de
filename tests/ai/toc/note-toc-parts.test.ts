import fc from 'fast-check';
import { buildNoteToc } from '../../../src/core/ai/toc/build-note-toc';
import { toHeadingLinkText } from '../../../src/core/ai/toc/heading-link-text';
import { toLinkAlias } from '../../../src/core/ai/toc/link-alias';
import { renderNoteToc } from '../../../src/core/ai/toc/render-note-toc';
import { buildOutline } from '../../../src/core/markdown/build-outline';
import { parseMetadata } from '../../../src/core/metadata/parse-metadata';
import { parseLinktext } from '../../../src/core/metadata/linktext';
import { readWrittenLink } from '../../../src/core/links/read-written-link';

const NOTE = ['# Guide', 'intro', '## Install', '### On Linux', '#### Deep detail', '## Use', '# Appendix', ''].join('\n');

function outlineOf(text: string) {
  return buildOutline(parseMetadata(text).headings);
}

describe('toHeadingLinkText (Obsidian stripHeadingForLink)', () => {
  it('turns the characters that break a link subpath into single spaces, as obsidian.d.ts documents', () => {
    // obsidian.d.ts: stripHeadingForLink('foo:#|^\\\r\n%%[[]]bar') === 'foo bar'
    expect(toHeadingLinkText('foo:#|^\\\r\n%%[[]]bar')).toBe('foo bar');
    expect(toHeadingLinkText('Plan: [[Alpha]] #x')).toBe('Plan Alpha x');
    expect(toHeadingLinkText('  Plain heading  ')).toBe('Plain heading');
  });

  it('never leaves a character that would end or split the wikilink it is written into', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', ':', '#', '|', '^', '[', ']', '%', '\\', '\n') }), (heading) => {
        const text = toHeadingLinkText(heading);
        expect(text).not.toMatch(/[:#|^\\\n]|%%|\[\[|\]\]/);
        expect(text).toBe(text.trim());
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe('toLinkAlias', () => {
  it('shows a heading\'s own wikilinks by their display text and keeps the alias inside the link', () => {
    expect(toLinkAlias('I link to [[multiple_headings]]')).toBe('I link to multiple_headings');
    expect(toLinkAlias('See [[a|the A note]] here')).toBe('See the A note here');
    expect(toLinkAlias('A | B')).toBe('A B');
  });
});

describe('buildNoteToc', () => {
  it('keeps headings down to depth, nesting each under the nearest shallower heading kept', () => {
    const tree = buildNoteToc(outlineOf(NOTE), 3);
    expect(tree).toEqual([
      { title: 'Guide', anchor: 'Guide', line: 0, children: [{ title: 'Install', anchor: 'Install', line: 2, children: [{ title: 'On Linux', anchor: 'On Linux', line: 3 }] }, { title: 'Use', anchor: 'Use', line: 5 }] },
      { title: 'Appendix', anchor: 'Appendix', line: 6 },
    ]);
    expect(buildNoteToc(outlineOf(NOTE), 1).map((node) => node.title)).toEqual(['Guide', 'Appendix']);
  });

  it('nests a heading that skips a level under the previous shallower one (Obsidian outline view)', () => {
    const tree = buildNoteToc(outlineOf('# A\n### C\n## B\n'), 6);
    expect(tree[0]?.children?.map((node) => node.title)).toEqual(['C', 'B']);
  });

  it('anchors a repeated heading by its ancestors, the nested subpath form [[Note#Parent#Child]] Obsidian resolves', () => {
    const tree = buildNoteToc(outlineOf('# Alpha\n## Notes\n# Beta\n## Notes\n'), 3);
    expect(tree.map((node) => node.children?.[0]?.anchor)).toEqual(['Alpha#Notes', 'Beta#Notes']);
  });

  it('puts each description on the node of its heading line', () => {
    const tree = buildNoteToc(outlineOf(NOTE), 2, new Map([[2, 'How to install.']]));
    expect(tree[0]?.children?.[0]).toMatchObject({ title: 'Install', description: 'How to install.' });
    expect(tree[0]).not.toHaveProperty('description');
  });
});

describe('renderNoteToc', () => {
  const tree = buildNoteToc(outlineOf(NOTE), 3, new Map([[3, 'Linux steps.']]));

  it('compact: a nested list of [[Note#Heading|Heading]] links, two spaces a level, descriptions after a dash', () => {
    expect(renderNoteToc(tree, { style: 'compact', linkPath: 'Guide' })).toBe(
      ['- [[Guide#Guide|Guide]]', '  - [[Guide#Install|Install]]', '    - [[Guide#On Linux|On Linux]] — Linux steps.', '  - [[Guide#Use|Use]]', '- [[Guide#Appendix|Appendix]]', ''].join('\n'),
    );
  });

  it('expanded: numbered entries with their 1-based line, the description on its own indented line', () => {
    expect(renderNoteToc(tree, { style: 'expanded', linkPath: 'Guide' })).toBe(
      ['- 1 [[Guide#Guide|Guide]] (line 1)', '  - 1.1 [[Guide#Install|Install]] (line 3)', '    - 1.1.1 [[Guide#On Linux|On Linux]] (line 4)', '      Linux steps.', '  - 1.2 [[Guide#Use|Use]] (line 6)', '- 2 [[Guide#Appendix|Appendix]] (line 7)', ''].join('\n'),
    );
  });

  it('without links: the heading text alone', () => {
    expect(renderNoteToc(tree, { style: 'compact', linkPath: null }).split('\n')[0]).toBe('- Guide');
  });

  it('writes links that Obsidian reads back as one link to the note and heading, even for headings with link-breaking characters', () => {
    const nodes = buildNoteToc(outlineOf('# Plan: [[Alpha]] #x | y ^z\n'), 3);
    const line = renderNoteToc(nodes, { style: 'compact', linkPath: 'Folder/Note' }).trim();
    const link = readWrittenLink(line.slice(2), 'body');
    expect(link).not.toBeNull();
    expect(parseLinktext(link?.link ?? '')).toEqual({ path: 'Folder/Note', subpath: '#Plan Alpha x y z' });
  });
});
