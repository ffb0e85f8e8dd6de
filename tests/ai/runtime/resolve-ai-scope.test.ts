import { isIndxError, type IndxError } from '../../../src/core/errors';
import { resolveAiScope, MAX_SCOPE_NOTES } from '../../../src/core/ai/scope/resolve-ai-scope';
import { expectIndxError } from '../../helpers/expect-error';
import type { TempFiles } from '../../helpers/temp-vault';
import { openRuntimeVault, type RuntimeVault } from './runtime-context';

async function rejection(promise: Promise<unknown>): Promise<IndxError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!isIndxError(error)) throw new Error(`expected an IndxError, got ${String(error)}`);
  return error;
}

const FILES: TempFiles = {
  'Home.md': '---\ntags: [start]\n---\n# Home\nSee [[Alpha]] and [[Missing]] and ![[diagram.png]].\n',
  'Projects/Alpha.md': '---\ntags: [project/alpha]\n---\n# Alpha\nAlpha ships the sync engine. Next: [[Beta]].\n',
  'Projects/Beta.md': '# Beta\nBeta is the storage layer. #project\nSee [[Gamma]].\n',
  'Projects/Gamma.md': '# Gamma\nGamma is far away: [[Delta]].\n',
  'Projects/Delta.md': '# Delta\nThe end of the chain.\n',
  'Projects/Sketch.canvas': '{"nodes":[],"edges":[]}',
  'Private/Diary.md': '# Diary\nLinks [[Home]]. #project secret sync engine notes\n',
  'diagram.png': 'not a png',
  'Orphan.md': 'Nothing links here.\n',
};

describe('resolveAiScope', () => {
  let opened: RuntimeVault;
  afterEach(() => opened.vault.dispose());

  describe('without AI globs', () => {
    beforeEach(async () => {
      opened = await openRuntimeVault(FILES);
    });

    it('resolves explicit paths sorted and de-duplicated, appending .md like note_read', async () => {
      const resolved = await resolveAiScope(opened.context, { kind: 'paths', paths: ['Projects/Beta.md', 'Home', 'Projects/Beta'] });
      expect(resolved).toEqual({ paths: ['Home.md', 'Projects/Beta.md'], excluded: [], warnings: [] });
    });

    it('fails with not_found for an explicit path that does not exist', async () => {
      await expectIndxError(resolveAiScope(opened.context, { kind: 'paths', paths: ['Home.md', 'Nope.md'] }), 'not_found');
    });

    it('resolves a glob to markdown notes only (no canvas, no attachment)', async () => {
      expect((await resolveAiScope(opened.context, { kind: 'glob', path_glob: 'Projects/**' })).paths).toEqual(['Projects/Alpha.md', 'Projects/Beta.md', 'Projects/Delta.md', 'Projects/Gamma.md']);
    });

    // Obsidian's tag search: a tag matches itself and the tags nested below it, frontmatter and inline alike.
    it('resolves a tag to notes carrying it or a nested tag, in frontmatter or inline', async () => {
      expect((await resolveAiScope(opened.context, { kind: 'tag', tag: '#project' })).paths).toEqual(['Private/Diary.md', 'Projects/Alpha.md', 'Projects/Beta.md']);
    });

    it('resolves a query through the search index', async () => {
      const resolved = await resolveAiScope(opened.context, { kind: 'query', q: 'sync engine', mode: 'lexical', limit: 5 });
      expect(resolved.paths).toEqual(expect.arrayContaining(['Projects/Alpha.md']));
      expect(resolved.paths).not.toContain('Orphan.md');
      expect(resolved.warnings).toEqual([]);
    });

    it('passes on embeddings_unavailable when a semantic query falls back to lexical', async () => {
      const resolved = await resolveAiScope(opened.context, { kind: 'query', q: 'storage layer', mode: 'semantic' });
      expect(resolved.paths).toContain('Projects/Beta.md');
      expect(resolved.warnings.map((warning) => warning.code)).toContain('embeddings_unavailable');
    });

    it('fails with invalid_input when the scope selects no notes', async () => {
      await expectIndxError(resolveAiScope(opened.context, { kind: 'tag', tag: 'no-such-tag' }), 'invalid_input');
      await expectIndxError(resolveAiScope(opened.context, { kind: 'glob', path_glob: '*.png' }), 'invalid_input');
    });

    it('takes only the note itself without include_linked', async () => {
      expect((await resolveAiScope(opened.context, { kind: 'note', path: 'Projects/Alpha.md' })).paths).toEqual(['Projects/Alpha.md']);
    });

    // Obsidian's local graph at depth 1: outgoing links and backlinks; unresolved links and attachments are no notes.
    it('takes outgoing links and backlinks one hop out', async () => {
      expect((await resolveAiScope(opened.context, { kind: 'note', path: 'Projects/Alpha.md', include_linked: 1 })).paths).toEqual(['Home.md', 'Projects/Alpha.md', 'Projects/Beta.md']);
      expect((await resolveAiScope(opened.context, { kind: 'note', path: 'Home.md', include_linked: 1 })).paths).toEqual(['Home.md', 'Private/Diary.md', 'Projects/Alpha.md']);
    });

    it('follows links N hops out and no further', async () => {
      expect((await resolveAiScope(opened.context, { kind: 'note', path: 'Projects/Alpha.md', include_linked: 2 })).paths).toEqual(['Home.md', 'Private/Diary.md', 'Projects/Alpha.md', 'Projects/Beta.md', 'Projects/Gamma.md']);
      expect((await resolveAiScope(opened.context, { kind: 'note', path: 'Projects/Alpha.md', include_linked: 3 })).paths).toContain('Projects/Delta.md');
    });

    it('fails with not_found for a note scope whose note does not exist', async () => {
      await expectIndxError(resolveAiScope(opened.context, { kind: 'note', path: 'Missing.md', include_linked: 1 }), 'not_found');
    });
  });

  describe('with AI globs', () => {
    beforeEach(async () => {
      opened = await openRuntimeVault(FILES, { INDX_AI_DENY_GLOBS: 'Private/**' });
    });

    it('drops denied notes and reports them once as globs_excluded', async () => {
      const resolved = await resolveAiScope(opened.context, { kind: 'tag', tag: 'project' });
      expect(resolved.paths).toEqual(['Projects/Alpha.md', 'Projects/Beta.md']);
      expect(resolved.excluded).toEqual(['Private/Diary.md']);
      expect(resolved.warnings).toEqual([expect.objectContaining({ code: 'globs_excluded', details: { paths: ['Private/Diary.md'], count: 1 } })]);
    });

    it('drops denied notes reached over links', async () => {
      const resolved = await resolveAiScope(opened.context, { kind: 'note', path: 'Home.md', include_linked: 1 });
      expect(resolved.paths).toEqual(['Home.md', 'Projects/Alpha.md']);
      expect(resolved.excluded).toEqual(['Private/Diary.md']);
    });

    it('drops denied notes found by a query', async () => {
      const resolved = await resolveAiScope(opened.context, { kind: 'query', q: 'sync engine', mode: 'lexical' });
      expect(resolved.paths).not.toContain('Private/Diary.md');
      expect(resolved.excluded).toEqual(['Private/Diary.md']);
    });

    it('fails with invalid_input when explicit paths name only denied notes', async () => {
      const error = await rejection(resolveAiScope(opened.context, { kind: 'paths', paths: ['Private/Diary.md'] }));
      expect(error).toMatchObject({ code: 'invalid_input', details: { count: 1 } });
      expect(error.message).toContain('Every note of the scope is excluded from AI by deny/allow globs');
    });
  });

  it('honours allow globs: only matching notes remain', async () => {
    opened = await openRuntimeVault(FILES, { INDX_AI_ALLOW_GLOBS: 'Projects/**' });
    const resolved = await resolveAiScope(opened.context, { kind: 'note', path: 'Projects/Alpha.md', include_linked: 1 });
    expect(resolved.paths).toEqual(['Projects/Alpha.md', 'Projects/Beta.md']);
    expect(resolved.excluded).toEqual(['Home.md']);
  });

  it(`caps a scope at ${MAX_SCOPE_NOTES} notes`, async () => {
    const many: TempFiles = {};
    for (let index = 0; index <= MAX_SCOPE_NOTES; index += 1) many[`Many/n${index}.md`] = `note ${index}\n`;
    opened = await openRuntimeVault(many);
    const error = await rejection(resolveAiScope(opened.context, { kind: 'glob', path_glob: 'Many/**' }));
    expect(error).toMatchObject({ code: 'invalid_input', details: { count: MAX_SCOPE_NOTES + 1, limit: MAX_SCOPE_NOTES } });
    expect(error.message).toContain('Narrow it');
  });
});
