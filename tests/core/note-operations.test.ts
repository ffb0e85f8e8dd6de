import { existsSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expectIndxError } from '../helpers/expect-error';
import { createTempVault, openTempVault, type TempVault } from '../helpers/temp-vault';

const FILES = {
  'Projects/Plan.md': '---\ntitle: Plan # the title\ntags: [project/alpha, draft]\nstatus: draft\n---\n# Plan\n\nIntro with [[Ideas]] and #todo.\n\n## Open questions\n\n- first ^q1\n\n## Done\n\nNothing.\n',
  'Ideas.md': '# Ideas\n\nSee [[Plan]] and [[Missing note]].\n',
  'Daily/2026-11-20.md': '#journal\n\nWorked on [[Plan#Open questions|the questions]].\n',
  'Lonely.md': 'No links here.\n',
};

async function call<T>(vault: TempVault, name: string, input: unknown): Promise<T> {
  return (await vault.engine.call(name, input)).output as T;
}

describe('note operations through the engine', () => {
  let vault: TempVault;

  beforeEach(async () => {
    vault = await createTempVault(FILES);
  });

  afterEach(async () => {
    await vault.dispose();
  });

  it('note_read returns path and etag always, parts on request', async () => {
    const minimal = await call<Record<string, unknown>>(vault, 'note_read', { path: 'Projects/Plan', include: [] });
    expect(Object.keys(minimal).sort()).toEqual(['etag', 'path']);
    expect(minimal.etag).toMatch(/^[0-9a-f]{16}$/);
    const full = await call<{ body: string; frontmatter: Record<string, unknown>; outline: { path: string[] }[]; links: { target: string | null }[]; backlinks: { source: string }[]; stat: { size: number } }>(vault, 'note_read', { path: 'Projects/Plan.md', include: ['body', 'frontmatter', 'outline', 'links', 'backlinks', 'stat'] });
    expect(full.body.startsWith('# Plan\n')).toBe(true);
    expect(full.frontmatter).toEqual({ title: 'Plan', tags: ['project/alpha', 'draft'], status: 'draft' });
    expect(full.outline.map((entry) => entry.path.join(' > '))).toEqual(['Plan', 'Plan > Open questions', 'Plan > Done']);
    expect(full.links.map((link) => link.target)).toEqual(['Ideas.md']);
    expect(full.backlinks.map((backlink) => backlink.source)).toEqual(['Daily/2026-11-20.md', 'Ideas.md']);
    expect(full.stat.size).toBe(Buffer.byteLength(FILES['Projects/Plan.md']));
  });

  it('note_read of a missing note fails with not_found', async () => {
    await expectIndxError(vault.engine.call('note_read', { path: 'Nope.md' }), 'not_found');
  });

  it('note_list filters by glob, nested tag and frontmatter, and paginates', async () => {
    const byGlob = await call<{ notes: { path: string }[]; total: number }>(vault, 'note_list', { path_glob: 'Projects/**' });
    expect(byGlob.notes.map((note) => note.path)).toEqual(['Projects/Plan.md']);
    const byTag = await call<{ notes: { path: string }[] }>(vault, 'note_list', { tag: '#project' });
    expect(byTag.notes.map((note) => note.path)).toEqual(['Projects/Plan.md']);
    const byFrontmatter = await call<{ total: number }>(vault, 'note_list', { frontmatter: { status: 'draft' } });
    expect(byFrontmatter.total).toBe(1);
    const first = await call<{ notes: { path: string }[]; next_cursor: string | null; total: number }>(vault, 'note_list', { limit: 2 });
    const second = await call<{ notes: { path: string }[]; next_cursor: string | null }>(vault, 'note_list', { limit: 2, cursor: first.next_cursor });
    expect(first.total).toBe(4);
    expect([...first.notes, ...second.notes].map((note) => note.path)).toEqual(['Daily/2026-11-20.md', 'Ideas.md', 'Lonely.md', 'Projects/Plan.md']);
    expect(second.next_cursor).toBeNull();
    await expectIndxError(vault.engine.call('note_list', { cursor: 'garbage!' }), 'invalid_input');
  });

  it('note_outline and note_exists', async () => {
    const outline = await call<{ outline: { heading: string; level: number; line: number }[] }>(vault, 'note_outline', { path: 'Projects/Plan.md' });
    expect(outline.outline.map((entry) => [entry.heading, entry.level, entry.line])).toEqual([['Plan', 1, 5], ['Open questions', 2, 9], ['Done', 2, 13]]);
    expect(await call(vault, 'note_exists', { path: 'Ideas' })).toEqual({ path: 'Ideas.md', exists: true });
    expect(await call(vault, 'note_exists', { path: 'Nope' })).toEqual({ path: 'Nope.md', exists: false });
  });

  it('note_write creates, keeps frontmatter when omitted, honours if_not_exists and if_match', async () => {
    const created = await call<{ created: boolean; etag: string; body: string }>(vault, 'note_write', { path: 'New/Note', body: '# New\n', frontmatter: { tags: ['fresh'] } });
    expect(created.created).toBe(true);
    expect(await readFile(join(vault.root, 'New/Note.md'), 'utf8')).toBe('---\ntags:\n  - fresh\n---\n# New\n');
    await expectIndxError(vault.engine.call('note_write', { path: 'New/Note.md', body: 'x', if_not_exists: true }), 'already_exists');
    const replaced = await call<{ created: boolean; frontmatter: unknown }>(vault, 'note_write', { path: 'Projects/Plan.md', body: 'Replaced.\n' });
    expect(replaced.created).toBe(false);
    expect(await readFile(join(vault.root, 'Projects/Plan.md'), 'utf8')).toBe('---\ntitle: Plan # the title\ntags: [project/alpha, draft]\nstatus: draft\n---\nReplaced.\n');
    await expectIndxError(vault.engine.call('note_write', { path: 'Projects/Plan.md', body: 'stale', if_match: created.etag }), 'etag_mismatch');
  });

  it('note_write refuses a body that opens with its own frontmatter block, and unlinkable names', async () => {
    await expectIndxError(vault.engine.call('note_write', { path: 'Projects/Plan.md', body: '---\na: 2\n---\nnew' }), 'invalid_input');
    expect(await readFile(join(vault.root, 'Projects/Plan.md'), 'utf8')).toBe(FILES['Projects/Plan.md']);
    for (const name of ['C# notes', 'a|b', 'x^y', '[draft]', 'time: 10', '50%% done']) {
      await expectIndxError(vault.engine.call('note_write', { path: name, body: 'x' }), 'invalid_path');
    }
  });

  it('note_patch returns the note as written (read-after-write) with the new etag', async () => {
    const patched = await call<{ etag: string; body: string; frontmatter: Record<string, unknown> }>(vault, 'note_patch', {
      path: 'Projects/Plan.md',
      ops: [
        { op: 'insert_after_heading', heading: 'Plan > Open questions', markdown: '- second' },
        { op: 'set_frontmatter', key: 'status', value: 'active' },
      ],
    });
    const onDisk = await readFile(join(vault.root, 'Projects/Plan.md'), 'utf8');
    expect(patched.etag).toBe(vault.engine.etag(onDisk));
    expect(patched.frontmatter.status).toBe('active');
    expect(onDisk).toContain('title: Plan # the title');
    expect(patched.body).toContain('- second');
  });

  it('note_patch on an ambiguous heading fails and writes nothing', async () => {
    await vault.engine.call('note_write', { path: 'Twice.md', body: '# A\n## Notes\none\n# B\n## Notes\ntwo\n' });
    const before = await readFile(join(vault.root, 'Twice.md'), 'utf8');
    const details = await expectIndxError(vault.engine.call('note_patch', { path: 'Twice.md', ops: [{ op: 'append_body', markdown: 'x' }, { op: 'replace_section', heading: 'Notes', markdown: 'new' }] }), 'heading_ambiguous');
    expect(details.candidates).toHaveLength(2);
    expect(await readFile(join(vault.root, 'Twice.md'), 'utf8')).toBe(before);
  });

  it('note_delete moves the note to .trash and honours if_match', async () => {
    await expectIndxError(vault.engine.call('note_delete', { path: 'Lonely.md', if_match: '0000000000000000' }), 'etag_mismatch');
    const deleted = await call<{ deleted: boolean }>(vault, 'note_delete', { path: 'Lonely.md' });
    expect(deleted.deleted).toBe(true);
    expect(existsSync(join(vault.root, 'Lonely.md'))).toBe(false);
    expect(await readdir(join(vault.root, '.trash'))).toContain('Lonely.md');
  });

  it('note_move rewrites links in other notes, keeping alias and subpath', async () => {
    const moved = await call<{ links_updated: number; updated: { path: string }[] }>(vault, 'note_move', { from: 'Projects/Plan.md', to: 'Archive/Old plan' });
    expect(moved.updated.map((file) => file.path).sort()).toEqual(['Daily/2026-11-20.md', 'Ideas.md']);
    expect(await readFile(join(vault.root, 'Ideas.md'), 'utf8')).toBe('# Ideas\n\nSee [[Old plan]] and [[Missing note]].\n');
    expect(await readFile(join(vault.root, 'Daily/2026-11-20.md'), 'utf8')).toBe('#journal\n\nWorked on [[Old plan#Open questions|the questions]].\n');
    expect(vault.host.resolvedLinks()['Ideas.md']).toEqual({ 'Archive/Old plan.md': 1 });
  });

  it('records an audit event for every mutation with actor and etags', async () => {
    const events: { op: string; path: string; etag_before: string | null; etag_after: string | null; actor: string }[] = [];
    vault.engine.audit.subscribe((event) => events.push(event));
    await vault.engine.call('note_write', { path: 'A.md', body: 'a' });
    await vault.engine.call('note_patch', { path: 'A.md', ops: [{ op: 'append_body', markdown: 'b' }] });
    await vault.engine.call('note_delete', { path: 'A.md' });
    expect(events.map((event) => [event.op, event.path, event.actor])).toEqual([['note_write', 'A.md', 'cli'], ['note_patch', 'A.md', 'cli'], ['note_delete', 'A.md', 'cli']]);
    expect(events[0]?.etag_before).toBeNull();
    expect(events[1]?.etag_before).toBe(events[0]?.etag_after);
    expect(events[2]?.etag_after).toBeNull();
    await vault.engine.call('note_move', { from: 'Lonely.md', to: 'Moved/Lonely.md', if_match: vault.engine.etag(FILES['Lonely.md']) });
    expect(events[3]).toMatchObject({ op: 'note_move', path: 'Lonely.md', to: 'Moved/Lonely.md', etag_before: vault.engine.etag(FILES['Lonely.md']), etag_after: vault.engine.etag(FILES['Lonely.md']) });
    await vault.engine.audit.flush();
    const log = await readFile(join(vault.root, '.indx', 'audit.log'), 'utf8');
    expect(log.trim().split('\n')).toHaveLength(4);
  });
});

describe('link and tag operations through the engine', () => {
  let vault: TempVault;

  beforeEach(async () => {
    vault = await createTempVault(FILES);
  });

  afterEach(async () => {
    await vault.dispose();
  });

  it('link_backlinks, link_forward, link_unresolved, link_orphans', async () => {
    const backlinks = await call<{ backlinks: { source: string; links: { original: string; line: number | null }[] }[] }>(vault, 'link_backlinks', { path: 'Projects/Plan.md' });
    expect(backlinks.backlinks).toEqual([
      { source: 'Daily/2026-11-20.md', count: 1, links: [{ original: '[[Plan#Open questions|the questions]]', line: 2, kind: 'link' }] },
      { source: 'Ideas.md', count: 1, links: [{ original: '[[Plan]]', line: 2, kind: 'link' }] },
    ]);
    const forward = await call<{ links: { link: string; target: string | null }[] }>(vault, 'link_forward', { path: 'Ideas.md' });
    expect(forward.links.map((link) => [link.link, link.target])).toEqual([['Plan', 'Projects/Plan.md'], ['Missing note', null]]);
    expect(await call(vault, 'link_unresolved', {})).toEqual({ unresolved: [{ source: 'Ideas.md', link: 'Missing note', count: 1 }], total: 1, next_cursor: null });
    expect(await call(vault, 'link_orphans', {})).toEqual({ orphans: ['Lonely.md'], total: 1, next_cursor: null });
  });

  it('tag_list counts nested tags and tag_notes includes children', async () => {
    const tags = await call<{ tags: { tag: string; count: number; total: number }[] }>(vault, 'tag_list', {});
    expect(tags.tags.map((tag) => [tag.tag, tag.count, tag.total])).toEqual([['draft', 1, 1], ['journal', 1, 1], ['project', 0, 1], ['project/alpha', 1, 1], ['todo', 1, 1]]);
    const notes = await call<{ notes: { path: string }[] }>(vault, 'tag_notes', { tag: 'project' });
    expect(notes.notes.map((note) => note.path)).toEqual(['Projects/Plan.md']);
  });

  it('tag_rename previews with dry_run, then renames frontmatter and inline tags', async () => {
    const preview = await call<{ notes: { path: string }[]; total_changes: number }>(vault, 'tag_rename', { from: 'project', to: 'work', dry_run: true });
    expect(preview.total_changes).toBe(1);
    expect(await readFile(join(vault.root, 'Projects/Plan.md'), 'utf8')).toBe(FILES['Projects/Plan.md']);
    await vault.engine.call('tag_rename', { from: '#todo', to: 'next' });
    await vault.engine.call('tag_rename', { from: 'project', to: 'work' });
    expect(await readFile(join(vault.root, 'Projects/Plan.md'), 'utf8')).toBe(FILES['Projects/Plan.md'].replace('project/alpha', 'work/alpha').replace('#todo', '#next'));
    await expectIndxError(vault.engine.call('tag_rename', { from: 'todo', to: 'has space' }), 'invalid_input');
  });

  it('treats only the exact extension md as markdown, like Obsidian (Upper.MD is an attachment)', async () => {
    await vault.engine.call('note_write', { path: 'Other.md', body: 'x' });
    await writeFile(join(vault.root, 'Upper.MD'), '#upper [[Lonely]]\n');
    const reopened = await openTempVault(vault.root);
    const status = (await reopened.engine.call('vault_status', {})).output as { notes: number; attachments: number };
    expect(status).toMatchObject({ notes: 5, attachments: 1 });
    expect(((await reopened.engine.call('tag_list', {})).output as { tags: { tag: string }[] }).tags.map((tag) => tag.tag)).not.toContain('upper');
    await reopened.host.close();
  });

  it('vault_status counts files, notes and links', async () => {
    const status = await call<{ notes: number; files: number; folders: number; links: { resolved: number; unresolved: number } }>(vault, 'vault_status', {});
    expect(status).toMatchObject({ notes: 4, files: 4, folders: 2, links: { resolved: 3, unresolved: 1 } });
  });
});

describe('input validation', () => {
  let vault: TempVault;

  beforeEach(async () => {
    vault = await createTempVault({ 'A.md': '# A\n' });
  });

  afterEach(async () => {
    await vault.dispose();
  });

  it('rejects unknown fields instead of dropping them, so a mistyped precondition never becomes an unconditional write', async () => {
    const details = await expectIndxError(vault.engine.call('note_write', { path: 'A.md', body: 'overwritten', etag: '0000000000000000' }), 'invalid_input');
    expect(details.unknown).toEqual(['etag']);
    expect(await readFile(join(vault.root, 'A.md'), 'utf8')).toBe('# A\n');
  });
});
