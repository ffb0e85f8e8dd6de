import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { rawRequest } from '../http/raw-request';
import { serveVault, type ServedVault } from '../http/server-harness';

const JSON_HEADERS = { 'Content-Type': 'application/json' };

async function envelope(response: Response): Promise<{ ok: boolean; data?: Record<string, unknown>; error?: { code: string; message: string; details: Record<string, unknown> } }> {
  return (await response.json()) as { ok: boolean };
}

describe('REST: envelope, status codes, parameters, ETags', () => {
  let served: ServedVault;

  beforeEach(async () => {
    served = await serveVault();
  });

  afterEach(async () => {
    await served.dispose();
  });

  it('wraps results as {ok: true, data} with the ETag header on reads and writes', async () => {
    const read = await served.fetch('/v1/notes/Welcome.md');
    const body = await envelope(read);
    expect(body).toMatchObject({ ok: true, data: { path: 'Welcome.md', frontmatter: { tags: ['start'] } } });
    expect(read.headers.get('etag')).toBe(`"${String(body.data?.etag)}"`);
    const written = await served.fetch('/v1/notes/Welcome.md', { method: 'PUT', headers: JSON_HEADERS, body: JSON.stringify({ body: '# Hi\n' }) });
    const writtenBody = await envelope(written);
    expect(written.status).toBe(200);
    expect(written.headers.get('etag')).toBe(`"${String(writtenBody.data?.etag)}"`);
    expect(await readFile(join(served.vault.root, 'Welcome.md'), 'utf8')).toBe('---\ntags: [start]\n---\n# Hi\n');
  });

  it('takes path parameters with slashes, encoded or not, and adds .md like the tools', async () => {
    for (const path of ['/v1/notes/Daily/2026-11-21.md', '/v1/notes/Daily%2F2026-11-21.md', '/v1/notes/Daily/2026-11-21']) {
      const response = await served.fetch(path);
      expect([path, (await envelope(response)).data?.path]).toEqual([path, 'Daily/2026-11-21.md']);
    }
    const created = await served.fetch(`/v1/notes/${encodeURIComponent('Ideas/Über café.md')}`, { method: 'PUT', headers: JSON_HEADERS, body: JSON.stringify({ body: 'x' }) });
    expect(created.status).toBe(201);
    expect(existsSync(join(served.vault.root, 'Ideas', 'Über café.md'))).toBe(true);
    const backlinks = await envelope(await served.fetch('/v1/links/Daily/2026-11-21.md/backlinks'));
    expect(backlinks.data).toMatchObject({ backlinks: [{ source: 'Welcome.md' }] });
    const tagged = await envelope(await served.fetch('/v1/tags/journal%2Fdaily/notes'));
    expect(tagged.data).toMatchObject({ notes: [{ path: 'Daily/2026-11-21.md' }] });
  });

  it('reads query parameters per the schema: lists (comma or repeated), numbers, JSON objects', async () => {
    const parts = await envelope(await served.fetch('/v1/notes/Welcome.md?include=outline,links'));
    expect(Object.keys(parts.data ?? {}).sort()).toEqual(['etag', 'links', 'outline', 'path']);
    const repeated = await envelope(await served.fetch('/v1/notes/Welcome.md?include=body&include=stat'));
    expect(Object.keys(repeated.data ?? {}).sort()).toEqual(['body', 'etag', 'path', 'stat']);
    const page = await envelope(await served.fetch('/v1/notes?limit=1'));
    expect(page.data).toMatchObject({ total: 3, notes: [{ path: 'Daily/2026-11-21.md' }] });
    expect(typeof page.data?.next_cursor).toBe('string');
    const next = await envelope(await served.fetch(`/v1/notes?limit=1&cursor=${String(page.data?.next_cursor)}`));
    expect(next.data).toMatchObject({ notes: [{ path: 'Lonely.md' }] });
    const filtered = await envelope(await served.fetch(`/v1/notes?frontmatter=${encodeURIComponent('{"tags":"start"}')}`));
    expect(filtered.data).toMatchObject({ total: 1, notes: [{ path: 'Welcome.md' }] });
    const bad = await served.fetch('/v1/notes?limit=lots');
    expect(bad.status).toBe(400);
    expect((await envelope(bad)).error).toMatchObject({ code: 'invalid_input', details: { issues: [{ path: 'limit' }] } });
  });

  it('routes GET /v1/notes/{path}?include=outline to note_outline, any other include to note_read', async () => {
    const outline = await served.fetch('/v1/notes/Welcome.md?include=outline');
    expect(outline.headers.get('x-indx-operation')).toBe('note_outline');
    expect((await envelope(outline)).data).toEqual({ path: 'Welcome.md', etag: expect.stringMatching(/^[0-9a-f]{16}$/) as unknown, outline: [{ heading: 'Welcome', level: 1, line: 3, path: ['Welcome'] }, { heading: 'Next', level: 2, line: 7, path: ['Welcome', 'Next'] }] });
    const mixed = await served.fetch('/v1/notes/Welcome.md?include=outline,body');
    expect(mixed.headers.get('x-indx-operation')).toBe('note_read');
  });

  it('answers HEAD /v1/notes/{path} with 200 or 404 and no body', async () => {
    const present = await served.fetch('/v1/notes/Welcome.md', { method: 'HEAD' });
    expect([present.status, await present.text()]).toEqual([200, '']);
    const absent = await served.fetch('/v1/notes/Nope.md', { method: 'HEAD' });
    expect([absent.status, await absent.text()]).toEqual([404, '']);
  });

  it('maps error codes to statuses through one table', async () => {
    const cases: [string, RequestInit, number, string][] = [
      ['/v1/notes/Nope.md', {}, 404, 'not_found'],
      ['/v1/notes/.obsidian%2Fapp.json', {}, 403, 'path_forbidden'],
      ['/v1/notes/Welcome.md', { method: 'PUT', headers: JSON_HEADERS, body: JSON.stringify({ body: 'x', if_not_exists: true }) }, 409, 'already_exists'],
      ['/v1/notes/Welcome.md', { method: 'PATCH', headers: JSON_HEADERS, body: JSON.stringify({ ops: [{ op: 'insert_after_heading', heading: 'Nowhere', markdown: 'x' }] }) }, 422, 'heading_not_found'],
      ['/v1/notes/Welcome.md', { method: 'PATCH', headers: JSON_HEADERS, body: JSON.stringify({ ops: [] }) }, 400, 'invalid_input'],
      ['/v1/notes/Welcome.md', { method: 'PUT', headers: JSON_HEADERS, body: '[1, 2]' }, 400, 'invalid_input'],
      ['/v1/vault/config', {}, 200, ''],
      ['/v1/nothing/here', {}, 404, 'not_found'],
      ['/v1/tags', { method: 'DELETE' }, 405, 'method_not_allowed'],
    ];
    for (const [path, init, status, code] of cases) {
      const response = await served.fetch(path, { ...init, token: path === '/v1/vault/config' ? served.admin : served.write });
      const body = await envelope(response);
      expect([path, response.status, body.error?.code ?? '']).toEqual([path, status, code]);
      if (code !== '') expect(Object.keys(body.error ?? {}).sort()).toEqual(['code', 'details', 'message']);
    }
    expect((await served.fetch('/v1/vault/config')).status).toBe(403);
    expect((await served.fetch('/v1/tags', { method: 'DELETE' })).headers.get('allow')).toBe('GET');
  });

  it('honours If-Match: the current etag writes, a stale one gets 412 with the current etag', async () => {
    const read = await served.fetch('/v1/notes/Lonely.md');
    const etag = read.headers.get('etag') ?? '';
    const patched = await served.fetch('/v1/notes/Lonely.md', { method: 'PATCH', headers: { ...JSON_HEADERS, 'If-Match': etag }, body: JSON.stringify({ ops: [{ op: 'append_body', markdown: 'one' }] }) });
    expect(patched.status).toBe(200);
    const stale = await served.fetch('/v1/notes/Lonely.md', { method: 'PATCH', headers: { ...JSON_HEADERS, 'If-Match': etag }, body: JSON.stringify({ ops: [{ op: 'append_body', markdown: 'two' }] }) });
    expect(stale.status).toBe(412);
    const failure = await envelope(stale);
    expect(failure.error).toMatchObject({ code: 'etag_mismatch', details: { current_etag: (patched.headers.get('etag') ?? '').replace(/"/g, '') } });
    expect((await served.fetch('/v1/notes/Lonely.md', { method: 'DELETE', headers: { 'If-Match': etag } })).status).toBe(412);
    expect((await served.fetch('/v1/notes/Lonely.md', { method: 'DELETE', headers: { 'If-Match': `W/${patched.headers.get('etag') ?? ''}` } })).status).toBe(200);
    expect(await readFile(join(served.vault.root, '.trash', 'Lonely.md'), 'utf8')).toBe('no links\none\n');
  });

  it('moves a note with POST /v1/notes/{path}/move, the path naming what moves', async () => {
    const moved = await served.fetch('/v1/notes/Daily/2026-11-21.md/move', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ to: 'Archive/Saturday.md', from: 'Lonely.md' }) });
    expect((await envelope(moved)).data).toMatchObject({ from: 'Daily/2026-11-21.md', to: 'Archive/Saturday.md', links_updated: 1 });
    expect(existsSync(join(served.vault.root, 'Lonely.md'))).toBe(true);
  });
});

describe('REST: path traversal is refused on every route', () => {
  let served: ServedVault;

  beforeAll(async () => {
    served = await serveVault();
  });

  afterAll(async () => {
    await served.dispose();
  });

  const ATTACKS = ['..%2F..%2Fetc%2Fpasswd', '..%2Foutside.md', '%2E%2E%2Foutside.md', 'a%5C..%5C..%5Coutside.md', 'x%00.md', '%2Fetc%2Fpasswd', 'C%3A%5Cwindows%5Cwin.ini', '%E0%A4%A'];

  it('answers 400 invalid_path for encoded traversal, backslashes, NUL, absolute paths and bad encoding', async () => {
    for (const attack of ATTACKS) {
      for (const [method, path] of [['GET', `/v1/notes/${attack}`], ['PUT', `/v1/notes/${attack}`], ['DELETE', `/v1/notes/${attack}`], ['POST', `/v1/notes/${attack}/move`], ['GET', `/v1/links/${attack}/backlinks`], ['GET', `/v1/links/${attack}/forward`]] as const) {
        const response = await served.fetch(path, { method, headers: JSON_HEADERS, body: method === 'PUT' ? JSON.stringify({ body: 'pwned' }) : method === 'POST' ? JSON.stringify({ to: 'Stolen.md' }) : undefined });
        const body = await envelope(response);
        expect([method, path, response.status, body.error?.code]).toEqual([method, path, 400, 'invalid_path']);
      }
    }
    expect(existsSync(join(dirname(served.vault.root), 'outside.md'))).toBe(false);
  });

  it('refuses literal ../ segments that a raw client sends unnormalised', async () => {
    const response = await rawRequest(served.server.port, { path: '/v1/notes/../../../etc/passwd', headers: { Authorization: `Bearer ${served.read}` } });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ ok: false, error: { code: 'invalid_path' } });
  });
});
