import { readScopeNotes } from '../../../src/core/ai/scope/read-scope-notes';
import { estimateTokens } from '../../../src/core/ai/runtime/estimate-tokens';
import { openRuntimeVault, type RuntimeVault } from './runtime-context';
import { parseMetadata } from '../../../src/core/metadata/parse-metadata';

const PLAN = '---\ntitle: Plan\ntags: [project]\n---\n# Plan\nIntro.\n## Risks\nTight.\n### Deep\n';

describe('readScopeNotes', () => {
  let opened: RuntimeVault;
  beforeEach(async () => {
    opened = await openRuntimeVault({ 'Plan.md': PLAN, 'Plain.md': 'No frontmatter.\n# Late heading\n', 'Broken.md': '---\ntitle: [unclosed\n---\nBody.\n' });
  });
  afterEach(() => opened.vault.dispose());

  it('snapshots text, the etag note_read reports, the metadata parsed from that text, frontmatter, body start, outline and tokens', async () => {
    const [plan] = await readScopeNotes(opened.context, ['Plan.md']);
    const read = await opened.vault.engine.call('note_read', { path: 'Plan.md' });
    expect(plan).toEqual({
      path: 'Plan.md',
      etag: (read.output as { etag: string }).etag,
      text: PLAN,
      metadata: parseMetadata(PLAN),
      frontmatter: { title: 'Plan', tags: ['project'] },
      bodyStartLine: 4,
      outline: [
        { heading: 'Plan', level: 1, line: 4 },
        { heading: 'Risks', level: 2, line: 6 },
        { heading: 'Deep', level: 3, line: 8 },
      ],
      tokens: estimateTokens(PLAN),
    });
  });

  it('keeps the order given and starts the body at line 0 without frontmatter', async () => {
    const notes = await readScopeNotes(opened.context, ['Plain.md', 'Plan.md']);
    expect(notes.map((note) => note.path)).toEqual(['Plain.md', 'Plan.md']);
    expect(notes[0]).toMatchObject({ frontmatter: null, bodyStartLine: 0, outline: [{ heading: 'Late heading', level: 1, line: 1 }] });
  });

  // Obsidian shows a note with broken YAML frontmatter as a note whose properties cannot be read.
  it('reads a note with invalid YAML frontmatter, with frontmatter null and the body after the block', async () => {
    const [broken] = await readScopeNotes(opened.context, ['Broken.md']);
    expect(broken).toMatchObject({ frontmatter: null, bodyStartLine: 3 });
  });
});
