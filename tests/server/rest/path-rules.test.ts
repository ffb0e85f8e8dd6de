import { serveVault, type ServedVault } from '../http/server-harness';

const FILES = {
  'Welcome.md': 'See [[Private/Diary]] and [[Archive/Old]] and [[Plans]].\n',
  'Plans.md': '# Plans\nGarden secrets are not here.\n',
  'Private/Diary.md': '---\ntags: [secret]\n---\nGarden secrets: the key is under the pot.\n',
  'Archive/Old.md': 'Links to [[Plans]] from the archive.\n',
};

/** Sets the vault's path rules through the admin operation, as an agent or the settings tab would. */
async function setRules(served: ServedVault, access: Record<string, unknown>): Promise<void> {
  const response = await served.fetch('/v1/vault/config', { method: 'PUT', token: served.admin, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ config: { access } }) });
  expect(response.status).toBe(200);
}

async function json(response: Response): Promise<{ ok: boolean; data: Record<string, unknown>; error?: { code: string; details: Record<string, unknown> } }> {
  return (await response.json()) as never;
}

describe('access.excluded_paths and access.read_only_paths over REST', () => {
  let served: ServedVault;
  beforeEach(async () => {
    served = await serveVault({ files: FILES });
    await served.vault.engine.search?.whenReady();
  });
  afterEach(() => served.dispose());

  it('hides excluded notes from reads, listings, links, tags and search, as if they did not exist', async () => {
    await setRules(served, { excluded_paths: ['Private/**'] });
    const read = await served.fetch('/v1/notes/Private/Diary.md');
    expect([read.status, (await json(read)).error?.code]).toEqual([404, 'not_found']);
    const list = await json(await served.fetch('/v1/notes'));
    expect(JSON.stringify(list.data)).not.toContain('Private');
    const forward = await json(await served.fetch('/v1/links/Welcome.md/forward'));
    expect(JSON.stringify(forward.data)).not.toContain('Private/Diary.md');
    const tags = await json(await served.fetch('/v1/tags'));
    expect(JSON.stringify(tags.data)).not.toContain('secret');
    await served.vault.engine.search?.settled();
    const search = await json(await served.fetch('/v1/search?q=garden%20secrets'));
    expect((search.data.results as { path: string }[]).map((result) => result.path)).toEqual(['Plans.md']);
  });

  // The filtered link maps are cached between changes; a change must show at once.
  it('keeps links current under an exclusion rule as notes change', async () => {
    await setRules(served, { excluded_paths: ['Private/**'] });
    const before = await json(await served.fetch('/v1/links/Plans.md/backlinks'));
    expect((before.data.backlinks as { source: string }[]).map((link) => link.source)).toEqual(['Archive/Old.md', 'Welcome.md']);
    const put = await served.fetch('/v1/notes/Ideas.md', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ body: 'See [[Plans]].\n' }) });
    expect(put.status).toBe(201);
    const after = await json(await served.fetch('/v1/links/Plans.md/backlinks'));
    expect((after.data.backlinks as { source: string }[]).map((link) => link.source)).toEqual(['Archive/Old.md', 'Ideas.md', 'Welcome.md']);
  });

  it('refuses writes into excluded paths with path_forbidden naming the rule, and writes nothing', async () => {
    await setRules(served, { excluded_paths: ['Private'] });
    const put = await served.fetch('/v1/notes/Private/New.md', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ body: 'x' }) });
    const body = await json(put);
    expect([put.status, body.error?.code, body.error?.details.rule]).toEqual([403, 'path_forbidden', 'excluded_paths']);
    expect(served.vault.host.exists('Private/New.md')).toBe(false);
  });

  it('serves read-only notes but refuses to change, move or delete them, and a move elsewhere reports their stale links', async () => {
    await setRules(served, { read_only_paths: ['Archive/**'] });
    expect((await served.fetch('/v1/notes/Archive/Old.md')).status).toBe(200);
    const patch = await served.fetch('/v1/notes/Archive/Old.md', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ops: [{ op: 'append_body', markdown: 'more' }] }) });
    expect([patch.status, (await json(patch)).error?.details.rule]).toEqual([403, 'read_only_paths']);
    expect((await served.fetch('/v1/notes/Archive/Old.md', { method: 'DELETE' })).status).toBe(403);
    expect((await served.fetch('/v1/notes/Plans.md/move', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: 'Archive/Plans.md' }) })).status).toBe(403);
    const move = await json(await served.fetch('/v1/notes/Plans.md/move', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: 'Projects/Roadmap.md' }) }));
    expect(move.data).toMatchObject({ updated: [{ path: 'Welcome.md', links_changed: 1 }], not_updated: [{ path: 'Archive/Old.md' }] });
    expect(await served.vault.host.read('Archive/Old.md')).toBe('Links to [[Plans]] from the archive.\n');
  });

  it('shows a note again, searchable, once its rule is lifted', async () => {
    await setRules(served, { excluded_paths: ['Private/**'] });
    await served.vault.engine.search?.settled();
    await setRules(served, { excluded_paths: [] });
    expect((await served.fetch('/v1/notes/Private/Diary.md')).status).toBe(200);
    await served.vault.engine.search?.settled();
    const search = await json(await served.fetch('/v1/search?q=pot'));
    expect((search.data.results as { path: string }[]).map((result) => result.path)).toEqual(['Private/Diary.md']);
  });
});

describe('names and paths no file system can hold (issue 14, item 6)', () => {
  let served: ServedVault;
  beforeAll(async () => {
    served = await serveVault({ files: FILES });
  });
  afterAll(() => served.dispose());

  const put = (path: string): Promise<Response> => served.fetch(`/v1/notes/${encodeURIComponent(path).replace(/%2F/g, '/')}`, { method: 'PUT', token: served.write, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ body: 'x\n' }) });

  it('refuses an over-long name or path with 400 invalid_path, not a 500', async () => {
    for (const path of [`${'a'.repeat(300)}.md`, `${'folder/'.repeat(800)}a.md`]) {
      const response = await put(path);
      expect([response.status, (await json(response)).error?.code]).toEqual([400, 'invalid_path']);
    }
    const move = await served.fetch('/v1/notes/Plans.md/move', { method: 'POST', token: served.write, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: `${'b'.repeat(5000)}.md` }) });
    expect([move.status, (await json(move)).error?.code]).toEqual([400, 'invalid_path']);
  });

  it('refuses hostile new names with 400 invalid_path: C1 controls, invisible or text-direction characters, Windows device names', async () => {
    const hostile = ['Invoice\u202Efdp.md', 'Pla\u200Bns.md', 'Line\u0085Break.md', 'CON.md', 'Folder/nul.md', 'com1.md', 'Dots./a.md', 'Space /a.md'];
    for (const path of hostile) {
      const response = await put(path);
      expect([path, response.status, (await json(response)).error?.code]).toEqual([path, 400, 'invalid_path']);
    }
    const move = await served.fetch('/v1/notes/Plans.md/move', { method: 'POST', token: served.write, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: 'Secret\u202Etxt.md' }) });
    expect([move.status, (await json(move)).error?.code]).toEqual([400, 'invalid_path']);
    // Ordinary names with dots, spaces and non-Latin letters are fine.
    for (const path of ['Notes 2026.11.28.md', 'Über Café.md', 'Console.md', 'LPT10.md']) expect([path, (await put(path)).status]).toEqual([path, 201]);
  });

  it('writes a name close to the 255-byte limit (its temporary file stays short)', async () => {
    const name = `${'n'.repeat(248)}.md`;
    const response = await put(name);
    expect(response.status).toBe(201);
    expect((await served.fetch(`/v1/notes/${name}`)).status).toBe(200);
  });
});

describe('JSON nested too deep (issue 14, item 6)', () => {
  let served: ServedVault;
  beforeAll(async () => {
    served = await serveVault({ files: FILES });
  });
  afterAll(() => served.dispose());

  const nested = (depth: number): unknown => {
    let value: unknown = 'leaf';
    for (let level = 0; level < depth; level += 1) value = { a: value };
    return value;
  };

  it('refuses frontmatter nested 10,000 levels with 400 invalid_input over REST, and through the engine (stdio, the CLI in-process)', async () => {
    // Spelled out as text: JSON.stringify itself runs out of stack at this depth.
    const deep = `{"body":"x\\n","frontmatter":{"deep":${'{"a":'.repeat(10_000)}"leaf"${'}'.repeat(10_000)}}}`;
    const response = await served.fetch('/v1/notes/Deep.md', { method: 'PUT', token: served.write, headers: { 'content-type': 'application/json' }, body: deep });
    expect([response.status, (await json(response)).error?.details]).toEqual([400, { max_depth: 64 }]);
    await expect(served.vault.engine.call('note_write', { path: 'Deep.md', body: 'x\n', frontmatter: { deep: nested(10_000) } })).rejects.toMatchObject({ code: 'invalid_input', details: { max_depth: 64 } });
    // Ordinary nesting is fine.
    const fine = await served.fetch('/v1/notes/Nested.md', { method: 'PUT', token: served.write, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ body: 'x\n', frontmatter: { deep: nested(10) } }) });
    expect(fine.status).toBe(201);
  });
});
