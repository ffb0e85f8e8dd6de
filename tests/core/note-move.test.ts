import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expectIndxError } from '../helpers/expect-error';
import { createTempVault, type TempVault } from '../helpers/temp-vault';

const CANVAS = '{\n\t"nodes":[\n\t\t{"id":"1","type":"file","file":"Projects/Plan.md","x":0,"y":0,"width":400,"height":300}\n\t],\n\t"edges":[]\n}';

describe('note_move link rewriting through the engine', () => {
  let vault: TempVault;

  beforeEach(async () => {
    vault = await createTempVault({
      'Projects/Plan.md': '# Plan\n## Goals\n- one ^g1\n',
      'Projects/Budget.md': 'Relative link: [plan](./Plan.md) and [[Plan#Goals]].\n',
      'Index.md': '---\nup: "[[Projects/Plan]]"\n---\n- [[Projects/Plan|The plan]]\n- ![[Projects/Plan#^g1]]\n- [md](Projects/Plan.md#Goals)\n- [enc](Projects%2FPlan.md)\n- [[Projects/Budget]]\n',
      'Other/Budget.md': 'A different budget.\n',
      'Board.canvas': CANVAS,
    });
  });

  afterEach(async () => {
    await vault.dispose();
  });

  it('moves a folder and rewrites path-qualified wikilinks, embeds, markdown links, frontmatter links, relative links and canvases', async () => {
    const result = (await vault.engine.call('note_move', { from: 'Projects', to: 'Archive/2026' })).output as { moved: unknown[]; updated: { path: string }[] };
    expect(result.moved).toHaveLength(2);
    expect(await readFile(join(vault.root, 'Index.md'), 'utf8')).toBe(
      '---\nup: "[[Plan]]"\n---\n- [[Plan|The plan]]\n- ![[Plan#^g1]]\n- [md](Plan.md#Goals)\n- [enc](Plan.md)\n- [[Archive/2026/Budget]]\n',
    );
    // Relative links inside the moved folder still resolve, so they are left as written.
    expect(await readFile(join(vault.root, 'Archive/2026/Budget.md'), 'utf8')).toBe('Relative link: [plan](./Plan.md) and [[Plan#Goals]].\n');
    expect(await readFile(join(vault.root, 'Board.canvas'), 'utf8')).toBe(CANVAS.replace('Projects/Plan.md', 'Archive/2026/Plan.md'));
    expect(vault.host.unresolvedLinks()['Index.md']).toEqual({});
  });

  it('qualifies links to another note when the moved file takes its bare name', async () => {
    await vault.engine.call('note_write', { path: 'Notes/Refs.md', body: 'See [[Budget]].\n' });
    expect(vault.host.resolveLink('Budget', 'Notes/Refs.md')).toBe('Other/Budget.md');
    await vault.engine.call('note_move', { from: 'Projects/Budget.md', to: 'Budget.md' });
    expect(await readFile(join(vault.root, 'Notes/Refs.md'), 'utf8')).toBe('See [[Other/Budget]].\n');
    expect(vault.host.resolvedLinks()['Notes/Refs.md']).toEqual({ 'Other/Budget.md': 1 });
  });

  it('leaves links alone with update_links false, and refuses bad moves', async () => {
    await vault.engine.call('note_move', { from: 'Projects/Plan.md', to: 'Elsewhere/Plan v2.md', update_links: false });
    expect(await readFile(join(vault.root, 'Index.md'), 'utf8')).toContain('[[Projects/Plan|The plan]]');
    await expectIndxError(vault.engine.call('note_move', { from: 'Index.md', to: 'Other/Budget.md' }), 'already_exists');
    await expectIndxError(vault.engine.call('note_move', { from: 'Nothing.md', to: 'x.md' }), 'not_found');
    await expectIndxError(vault.engine.call('note_move', { from: 'Other', to: 'Other/Inner' }), 'invalid_input');
    await expectIndxError(vault.engine.call('note_move', { from: 'Index.md', to: 'Moved.md', if_match: 'ffffffffffffffff' }), 'etag_mismatch');
    await expectIndxError(vault.engine.call('note_move', { from: 'Other', to: 'Somewhere', if_match: 'ffffffffffffffff' }), 'invalid_input');
    for (const name of ['C# notes', 'x|y', 'Note^1', 'a:b', '[x]']) await expectIndxError(vault.engine.call('note_move', { from: 'Index.md', to: name }), 'invalid_path');
    expect(await readFile(join(vault.root, 'Index.md'), 'utf8')).toContain('[[Projects/Plan|The plan]]');
  });
});
