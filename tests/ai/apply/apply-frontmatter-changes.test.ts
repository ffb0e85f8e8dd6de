import { writeFileSync } from 'node:fs';
import { applyFrontmatterChanges } from '../../../src/core/ai/apply/apply-frontmatter-changes';
import type { ApplyPlan, FrontmatterChange } from '../../../src/core/ai/apply/apply-plan';
import { expectIndxError } from '../../helpers/expect-error';
import { openApplyFixture, type ApplyFixture } from './apply-context';

const ALPHA = '---\n# curated by hand\ntitle: "Alpha"\ntags:\n  - project\nstatus: draft # keep\n---\n# Alpha\nBody with #inline tag.\n';
const BETA = '# Beta\nNo frontmatter yet.\n';

function setTags(path: string, add: string[]): ApplyPlan {
  return {
    path,
    edit: (frontmatter) => {
      const existing = Array.isArray(frontmatter?.tags) ? (frontmatter.tags as string[]) : [];
      return [{ key: 'tags', value: [...existing, ...add.filter((tag) => !existing.includes(tag))] }];
    },
  };
}

function fixed(path: string, changes: FrontmatterChange[]): ApplyPlan {
  return { path, edit: () => changes };
}

describe('applyFrontmatterChanges (seed 002 §5.8)', () => {
  let fixture: ApplyFixture;
  afterEach(async () => fixture.dispose());

  it('writes each note in path order through one audited write, changing only the touched property lines', async () => {
    fixture = await openApplyFixture({ 'b/Beta.md': BETA, 'a/Alpha.md': ALPHA });
    const applied = await applyFrontmatterChanges(fixture.context, [setTags('b/Beta.md', ['review']), setTags('a/Alpha.md', ['ops'])], { session: fixture.session, op: 'ai_tag' });
    // Obsidian's property editor keeps the other properties and the comment; the list stays a block list.
    expect(await fixture.read('a/Alpha.md')).toBe('---\n# curated by hand\ntitle: "Alpha"\ntags:\n  - project\n  - ops\nstatus: draft # keep\n---\n# Alpha\nBody with #inline tag.\n');
    expect(await fixture.read('b/Beta.md')).toBe('---\ntags:\n  - review\n---\n# Beta\nNo frontmatter yet.\n');
    expect(applied).toEqual([
      { path: 'a/Alpha.md', etag: await fixture.etagOf('a/Alpha.md'), changed: ['tags'] },
      { path: 'b/Beta.md', etag: await fixture.etagOf('b/Beta.md'), changed: ['tags'] },
    ]);
    expect(fixture.audit.map((event) => [event.op, event.path])).toEqual([['ai_tag', 'a/Alpha.md'], ['ai_tag', 'b/Beta.md']]);
    expect(fixture.appliedPaths).toEqual(['a/Alpha.md', 'b/Beta.md']);
    expect(fixture.warnings).toEqual([]);
  });

  it('computes the changes from the frontmatter as it is at write time, so a concurrent edit is kept', async () => {
    fixture = await openApplyFixture({ 'A.md': ALPHA });
    const plan = setTags('A.md', ['ops']);
    writeFileSync(`${fixture.root}/A.md`, ALPHA.replace('  - project\n', '  - project\n  - added-meanwhile\n'));
    await applyFrontmatterChanges(fixture.context, [plan], { session: fixture.session, op: 'ai_tag' });
    expect(await fixture.read('A.md')).toContain('tags:\n  - project\n  - added-meanwhile\n  - ops\n');
  });

  it('writes nothing and warns apply_skipped_no_change when the values are already there', async () => {
    fixture = await openApplyFixture({ 'A.md': ALPHA });
    const applied = await applyFrontmatterChanges(fixture.context, [setTags('A.md', ['project']), fixed('A.md', [{ key: 'absent', remove: true }])], { session: fixture.session, op: 'ai_tag' });
    expect(applied).toEqual([]);
    expect(await fixture.read('A.md')).toBe(ALPHA);
    expect(fixture.audit).toEqual([]);
    expect(fixture.warnings.map((warning) => [warning.code, warning.path])).toEqual([['apply_skipped_no_change', 'A.md'], ['apply_skipped_no_change', 'A.md']]);
  });

  it('puts tags, aliases and cssclasses in Obsidian\'s list shape and removes keys', async () => {
    fixture = await openApplyFixture({ 'A.md': ALPHA });
    const applied = await applyFrontmatterChanges(fixture.context, [fixed('A.md', [{ key: 'aliases', value: 'A' }, { key: 'status', remove: true }, { key: 'rating', value: 3 }])], { session: fixture.session, op: 'ai_metadata' });
    // Obsidian ≥1.9 reads a comma string under a list property as nothing: lists are always written as lists.
    expect(await fixture.read('A.md')).toBe('---\n# curated by hand\ntitle: "Alpha"\ntags:\n  - project\naliases:\n  - A\nrating: 3\n---\n# Alpha\nBody with #inline tag.\n');
    expect(applied[0]?.changed).toEqual(['aliases', 'status', 'rating']);
  });

  it('under if_match_mode fail, checks every if_match first: a known mismatch writes nothing', async () => {
    fixture = await openApplyFixture({ 'A.md': ALPHA, 'B.md': BETA });
    const actual = await fixture.etagOf('B.md');
    const details = await expectIndxError(applyFrontmatterChanges(fixture.context, [setTags('A.md', ['x']), setTags('B.md', ['x'])], { session: fixture.session, op: 'ai_tag', ifMatch: { 'A.md': await fixture.etagOf('A.md'), 'B.md': '0000000000000000' } }), 'ai_apply_conflict');
    expect(details).toEqual({ failed: [{ path: 'B.md', expected: '0000000000000000', actual }], applied: [] });
    expect(await fixture.read('A.md')).toBe(ALPHA);
    expect(fixture.audit).toEqual([]);
  });

  it('stops at a mismatch that appears mid-apply; the notes written before stay written and are listed', async () => {
    fixture = await openApplyFixture({ 'A.md': ALPHA, 'B.md': BETA });
    const ifMatch = { 'A.md': await fixture.etagOf('A.md'), 'B.md': await fixture.etagOf('B.md') };
    const racing: ApplyPlan = {
      path: 'A.md',
      edit: (frontmatter) => {
        writeFileSync(`${fixture.root}/B.md`, `${BETA}edited by someone else\n`);
        return setTags('A.md', ['x']).edit(frontmatter);
      },
    };
    const details = await expectIndxError(applyFrontmatterChanges(fixture.context, [racing, setTags('B.md', ['x'])], { session: fixture.session, op: 'ai_tag', ifMatch }), 'ai_apply_conflict');
    expect(details).toEqual({ failed: [{ path: 'B.md', expected: ifMatch['B.md'], actual: await fixture.etagOf('B.md') }], applied: ['A.md'] });
    expect(await fixture.read('A.md')).toContain('  - x\n');
    expect(await fixture.read('B.md')).toBe(`${BETA}edited by someone else\n`);
    expect(fixture.appliedPaths).toEqual(['A.md']);
  });

  it('under if_match_mode skip, leaves the conflicting note with apply_failed and writes the rest', async () => {
    fixture = await openApplyFixture({ 'A.md': ALPHA, 'B.md': BETA });
    const actual = await fixture.etagOf('A.md');
    const applied = await applyFrontmatterChanges(fixture.context, [setTags('A.md', ['x']), setTags('B.md', ['x'])], { session: fixture.session, op: 'ai_tag', ifMatch: { 'A.md': 'ffffffffffffffff' }, ifMatchMode: 'skip' });
    expect(applied.map((note) => note.path)).toEqual(['B.md']);
    expect(await fixture.read('A.md')).toBe(ALPHA);
    expect(fixture.warnings).toEqual([expect.objectContaining({ code: 'apply_failed', path: 'A.md', details: { reason: 'etag_mismatch', expected: 'ffffffffffffffff', actual } })]);
  });

  it('reports read-only, missing and unparsable notes with apply_failed and goes on', async () => {
    fixture = await openApplyFixture({ 'Archive/Old.md': ALPHA, 'Broken.md': '---\ntags: [a\n---\nbody\n', 'Fine.md': BETA }, ['Archive/**']);
    const plans = ['Archive/Old.md', 'Broken.md', 'Fine.md', 'Gone.md'].map((path) => setTags(path, ['x']));
    const applied = await applyFrontmatterChanges(fixture.context, plans, { session: fixture.session, op: 'ai_tag' });
    expect(applied.map((note) => note.path)).toEqual(['Fine.md']);
    expect(fixture.warnings.map((warning) => [warning.code, warning.path, warning.details?.code])).toEqual([
      ['apply_failed', 'Archive/Old.md', 'path_forbidden'],
      ['apply_failed', 'Broken.md', 'frontmatter_invalid'],
      ['apply_failed', 'Gone.md', 'not_found'],
    ]);
    expect(await fixture.read('Archive/Old.md')).toBe(ALPHA);
  });
});
