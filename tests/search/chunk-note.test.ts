import { parseMetadata } from '../../src/core/metadata/parse-metadata';
import { chunkNote, MAX_CHUNK_LENGTH } from '../../src/core/search/chunking/chunk-note';
import { hashText } from '../../src/core/search/chunking/hash-text';

const NOTE = '---\ntags: [a]\n---\nIntro line.\n\n# Setup\nInstall it.\n## Linux\nUse apt.\n# Usage\nRun it.\n';

describe('chunkNote', () => {
  it('cuts a note by heading section, frontmatter excluded, with heading paths and 0-based lines', () => {
    const chunks = chunkNote('Guide.md', NOTE, parseMetadata(NOTE));
    expect(chunks.map(({ heading, headingPath, line, text }) => ({ heading, headingPath, line, text }))).toEqual([
      { heading: null, headingPath: [], line: 3, text: 'Intro line.\n\n' },
      { heading: 'Setup', headingPath: ['Setup'], line: 5, text: '# Setup\nInstall it.\n' },
      { heading: 'Linux', headingPath: ['Setup', 'Linux'], line: 7, text: '## Linux\nUse apt.\n' },
      { heading: 'Usage', headingPath: ['Usage'], line: 9, text: '# Usage\nRun it.\n' },
    ]);
    expect(chunks.every((chunk) => chunk.path === 'Guide.md' && chunk.hash === hashText(chunk.text))).toBe(true);
  });

  it('parses the note itself when no metadata is given or the metadata is stale', () => {
    const fresh = chunkNote('Guide.md', NOTE, parseMetadata(NOTE));
    expect(chunkNote('Guide.md', NOTE)).toEqual(fresh);
    const stale = parseMetadata('# Old heading\ntext\n');
    expect(chunkNote('Guide.md', NOTE, stale)).toEqual(fresh);
  });

  it('leaves out a blank preamble but gives an empty note one chunk', () => {
    expect(chunkNote('A.md', '# Only\nbody\n').map((chunk) => chunk.heading)).toEqual(['Only']);
    expect(chunkNote('Empty.md', '---\ntitle: x\n---\n')).toEqual([{ path: 'Empty.md', heading: null, headingPath: [], line: 3, text: '', hash: hashText('') }]);
  });

  it('ignores heading-like lines inside code blocks, as Obsidian does', () => {
    const text = '# Real\n```\n# not a heading\n```\n';
    expect(chunkNote('Code.md', text).map((chunk) => chunk.heading)).toEqual(['Real']);
  });

  it('cuts an over-long section at paragraph breaks, keeping its heading and counting lines', () => {
    const paragraph = `${'word '.repeat(300)}\n\n`;
    const text = `# Long\n${paragraph.repeat(8)}`;
    const chunks = chunkNote('Long.md', text);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((chunk) => chunk.text.length <= MAX_CHUNK_LENGTH && chunk.heading === 'Long')).toBe(true);
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(text);
    for (const chunk of chunks) expect(text.split('\n')[chunk.line]).toBe(chunk.text.split('\n')[0]);
  });
});

describe('hashText', () => {
  it('is 16 hex digits, stable, and changes with the text', () => {
    expect(hashText('hello')).toMatch(/^[0-9a-f]{16}$/);
    expect(hashText('hello')).toBe(hashText('hello'));
    expect(hashText('hello')).not.toBe(hashText('hellp'));
    expect(hashText('ab')).not.toBe(hashText('ba'));
  });
});
