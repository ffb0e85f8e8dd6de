import { existsSync, promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { AuditEvent } from '../../../src/core/audit/audit-log';
import { OBSIDIAN_ATTACHMENT_EXTENSIONS } from '../../../src/core/attachments/file-types';
import { loadEtagFunction, type EtagFunction } from '../../../src/core/vault/etag';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { makePng } from '../../helpers/png';

// Issue 17 §4 headless, through the real surfaces: an MCP SDK client over HTTP and REST requests
// against `indx`'s server on a temp vault. A real PNG goes up, is listed with the note embedding
// it, comes back byte for byte, moves and is deleted with the links and embeds following it.

const PNG = makePng(4, 3, 1);
const OTHER_PNG = makePng(5, 2, 2);

const FILES = {
  'Notes/Gallery.md': '# Gallery\n\n![[pic.png]]\n\nSee [[pic.png|the picture]].\n',
  'Notes/Deep/Doc.md': '# Doc\n\n![chart](../../img/pic.png)\n',
  'Lonely.md': 'no links\n',
};

let harness: AiHarness;
let etagOf: EtagFunction;

beforeAll(async () => {
  harness = await startAiHarness({ noProvider: true, files: FILES });
  etagOf = await loadEtagFunction();
});
afterAll(async () => {
  await harness.dispose();
});

/** The structured output of a tool call that must succeed. */
function outputOf<T>(result: CallToolResult): T {
  expect(result.isError ?? false).toBe(false);
  return result.structuredContent as T;
}

/** The `{code, details}` of a tool call that must fail. */
function errorOf(result: CallToolResult): { code: string; details: Record<string, unknown> } {
  expect(result.isError).toBe(true);
  return result._meta?.['indx/error'] as { code: string; details: Record<string, unknown> };
}

/** A REST request with a raw body (any Content-Type), answered as raw bytes or JSON. */
async function rawRequest(method: string, path: string, body: Buffer | undefined, headers: Record<string, string> = {}, token = harness.served.write): Promise<Response> {
  return harness.served.fetch(path, { method, token, headers, ...(body === undefined ? {} : { body: new Uint8Array(body) }) });
}

async function diskBytes(path: string): Promise<Buffer> {
  return fs.readFile(join(harness.root, ...path.split('/')));
}

async function diskText(path: string): Promise<string> {
  return fs.readFile(join(harness.root, ...path.split('/')), 'utf8');
}

describe('attachments headless, over MCP and REST', () => {
  it('uploads a PNG over MCP; lists it with the note embedding it; reads it back byte-identical through attachment_read and resources/read', async () => {
    const audited: AuditEvent[] = [];
    harness.served.vault.engine.audit.subscribe((event) => audited.push(event));
    const written = outputOf<{ path: string; etag: string; created: boolean; size: number; mime: string }>(await harness.callTool('attachment_write', { path: 'img/pic.png', data: PNG.toString('base64') }));
    expect(written).toEqual({ path: 'img/pic.png', mime: 'image/png', size: PNG.length, etag: etagOf(PNG), created: true });
    expect(await diskBytes('img/pic.png')).toEqual(PNG);
    expect(audited).toEqual([expect.objectContaining({ op: 'attachment_write', path: 'img/pic.png', etag_before: null, etag_after: etagOf(PNG) })]);

    const listed = outputOf<{ attachments: Record<string, unknown>[]; total: number }>(await harness.callTool('attachment_list', {}));
    expect(listed.attachments).toEqual([{ path: 'img/pic.png', mime: 'image/png', size: PNG.length, mtime: expect.any(Number) as unknown, linked_from: ['Notes/Deep/Doc.md', 'Notes/Gallery.md'], linked_from_count: 2 }]);

    const read = await harness.callTool('attachment_read', { path: 'img/pic.png' });
    const output = outputOf<{ data: string; etag: string; mime: string }>(read);
    expect(Buffer.from(output.data, 'base64')).toEqual(PNG);
    expect(output.etag).toBe(written.etag);
    // A content-first client gets the image itself, and text without the base64.
    expect(read.content[1]).toEqual({ type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' });
    expect(read.content[0]).toMatchObject({ type: 'text' });
    expect((read.content[0] as { text: string }).text).not.toContain(output.data);

    // Results carrying bytes are never kept for replay (a note read is).
    expect((await harness.callTool('attachment_read', { path: 'img/pic.png' }))._meta?.['indx/replay']).toBeUndefined();
    await harness.callTool('note_read', { path: 'Lonely.md' });
    expect((await harness.callTool('note_read', { path: 'Lonely.md' }))._meta?.['indx/replay']).toBe(true);

    const client = await harness.connect();
    const { contents } = await client.readResource({ uri: 'vault://img/pic.png' });
    expect(contents).toEqual([{ uri: 'vault://img/pic.png', mimeType: 'image/png', blob: PNG.toString('base64') }]);
    const { resources } = await client.listResources();
    expect(resources).toContainEqual(expect.objectContaining({ uri: 'vault://img/pic.png', mimeType: 'image/png' }));
  });

  it('gives an SVG as an embedded resource, not an image block model APIs would refuse', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    await harness.callTool('attachment_write', { path: 'img/dot.svg', data: svg.toString('base64') });
    const read = await harness.callTool('attachment_read', { path: 'img/dot.svg' });
    expect(read.content[1]).toEqual({ type: 'resource', resource: { uri: 'vault://img/dot.svg', mimeType: 'image/svg+xml', blob: svg.toString('base64') } });
  });

  it('refuses a raw upload from a read token with 403 forbidden (checked before the body is read)', async () => {
    const refused = await rawRequest('PUT', '/v1/attachments/img/nope.png', Buffer.alloc(1024, 1), { 'Content-Type': 'image/png' }, harness.served.read);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ ok: false, error: { code: 'forbidden', details: { required: 'vault:write' } } });
    await expect(diskBytes('img/nope.png')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('uploads over REST as a raw body; GET answers the raw bytes with Content-Type image/png and the ETag, or JSON when asked', async () => {
    const put = await rawRequest('PUT', '/v1/attachments/img/raw%20one.png', OTHER_PNG, { 'Content-Type': 'image/png' });
    expect(put.status).toBe(201);
    expect(await put.json()).toMatchObject({ ok: true, data: { path: 'img/raw one.png', etag: etagOf(OTHER_PNG), created: true } });
    expect(await diskBytes('img/raw one.png')).toEqual(OTHER_PNG);

    const got = await rawRequest('GET', '/v1/attachments/img/raw%20one.png', undefined);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('etag')).toBe(`"${etagOf(OTHER_PNG)}"`);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(OTHER_PNG);

    const asJson = await harness.rest('GET', '/v1/attachments/img/raw%20one.png', undefined, harness.served.write, { Accept: 'application/json' });
    expect(asJson.body).toMatchObject({ ok: true, data: { path: 'img/raw one.png', mime: 'image/png', data: OTHER_PNG.toString('base64') } });

    // A JSON body with base64 works too, and an octet-stream body with the other fields in the query.
    const jsonPut = await harness.rest('PUT', '/v1/attachments/img/json.png', { data: PNG.toString('base64'), if_not_exists: true });
    expect(jsonPut.status).toBe(201);
    const again = await rawRequest('PUT', '/v1/attachments/img/json.png?if_not_exists=true', PNG, { 'Content-Type': 'application/octet-stream' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ ok: false, error: { code: 'already_exists' } });

    // An Idempotency-Key stands for the bytes too: the same upload replays, other bytes are refused.
    const keyed = { 'Content-Type': 'image/png', 'Idempotency-Key': 'upload-1' };
    expect((await rawRequest('PUT', '/v1/attachments/img/keyed.png', PNG, keyed)).status).toBe(201);
    const replay = await rawRequest('PUT', '/v1/attachments/img/keyed.png', PNG, keyed);
    expect([replay.status, replay.headers.get('x-indx-idempotent-replay')]).toEqual([201, 'true']);
    const reused = await rawRequest('PUT', '/v1/attachments/img/keyed.png', OTHER_PNG, keyed);
    expect(await reused.json()).toMatchObject({ ok: false, error: { code: 'idempotency_key_reused' } });
    expect(await diskBytes('img/keyed.png')).toEqual(PNG);
  });

  it('refuses a stale if_match over MCP (etag_mismatch) and a stale If-Match over REST (412); the current one replaces the bytes', async () => {
    const stale = errorOf(await harness.callTool('attachment_write', { path: 'img/raw one.png', data: PNG.toString('base64'), if_match: '0123456789abcdef' }));
    expect(stale).toMatchObject({ code: 'etag_mismatch', details: { current_etag: etagOf(OTHER_PNG) } });
    const staleRest = await rawRequest('PUT', '/v1/attachments/img/raw%20one.png', PNG, { 'Content-Type': 'image/png', 'If-Match': '"0123456789abcdef"' });
    expect(staleRest.status).toBe(412);
    expect(await diskBytes('img/raw one.png')).toEqual(OTHER_PNG);
    const fresh = await rawRequest('PUT', '/v1/attachments/img/raw%20one.png', PNG, { 'Content-Type': 'image/png', 'If-Match': `"${etagOf(OTHER_PNG)}"` });
    expect(fresh.status).toBe(200);
    expect(await fresh.json()).toMatchObject({ ok: true, data: { etag: etagOf(PNG), created: false } });
    expect(await diskBytes('img/raw one.png')).toEqual(PNG);
    expect(errorOf(await harness.callTool('attachment_write', { path: 'img/new.png', data: PNG.toString('base64'), if_match: etagOf(PNG) })).code).toBe('not_found');
  });

  it('refuses an extension outside attachments.allowed_extensions, notes and canvases, and data that is not base64', async () => {
    const exe = await rawRequest('PUT', '/v1/attachments/tools/run.exe', PNG, { 'Content-Type': 'application/octet-stream' });
    expect(exe.status).toBe(403);
    expect(await exe.json()).toMatchObject({ ok: false, error: { code: 'path_forbidden', details: { extension: 'exe', rule: 'attachments.allowed_extensions' } } });
    expect(errorOf(await harness.callTool('attachment_write', { path: 'Notes/Sneaky.md', data: 'aGk=' })).code).toBe('invalid_input');
    expect(errorOf(await harness.callTool('attachment_read', { path: 'Notes/Gallery.md' })).code).toBe('invalid_input');
    expect(errorOf(await harness.callTool('attachment_write', { path: 'img/bad.png', data: 'not base64!' })).code).toBe('invalid_input');
    expect(existsSync(join(harness.root, 'tools'))).toBe(false);
    // An admin may allow it.
    await harness.callTool('vault_config_set', { config: { attachments: { allowed_extensions: ['png', 'exe'] } } }, harness.served.admin);
    try {
      expect((await rawRequest('PUT', '/v1/attachments/tools/run.exe', PNG, { 'Content-Type': 'application/octet-stream' })).status).toBe(201);
    } finally {
      await harness.callTool('vault_config_set', { config: { attachments: { allowed_extensions: OBSIDIAN_ATTACHMENT_EXTENSIONS } } }, harness.served.admin);
    }
  });

  it('answers uploads and reads above attachments.max_bytes with payload_too_large and file_too_large, on every surface', async () => {
    await harness.callTool('vault_config_set', { config: { attachments: { max_bytes: 64 } } }, harness.served.admin);
    try {
      const upload = await rawRequest('PUT', '/v1/attachments/img/big.png', PNG, { 'Content-Type': 'image/png' });
      expect(upload.status).toBe(413);
      expect(await upload.json()).toMatchObject({ ok: false, error: { code: 'payload_too_large', details: { size: PNG.length, limit: 64 } } });
      expect(errorOf(await harness.callTool('attachment_write', { path: 'img/big.png', data: PNG.toString('base64') })).code).toBe('payload_too_large');
      expect(errorOf(await harness.callTool('attachment_read', { path: 'img/pic.png' }))).toEqual(expect.objectContaining({ code: 'file_too_large', details: { path: 'img/pic.png', size: PNG.length, limit: 64 } }));
      const get = await rawRequest('GET', '/v1/attachments/img/pic.png', undefined);
      expect(get.status).toBe(422);
      const client = await harness.connect();
      await expect(client.readResource({ uri: 'vault://img/pic.png' })).rejects.toThrow(/attachments\.max_bytes/);
    } finally {
      await harness.callTool('vault_config_set', { config: { attachments: { max_bytes: 10 * 1024 * 1024 } } }, harness.served.admin);
    }
  });

  it('obeys the access rules: an excluded attachment is neither listed, read nor written, a read-only one not replaced', async () => {
    await fs.mkdir(join(harness.root, 'secret'));
    await fs.writeFile(join(harness.root, 'secret/hidden.png'), PNG);
    outputOf(await harness.callTool('vault_reindex', {}, harness.served.admin));
    await harness.callTool('vault_config_set', { config: { access: { excluded_paths: ['secret/**'], read_only_paths: ['img/raw one.png'] } } }, harness.served.admin);
    try {
      const listed = outputOf<{ attachments: { path: string }[] }>(await harness.callTool('attachment_list', {}));
      expect(listed.attachments.map((item) => item.path)).not.toContain('secret/hidden.png');
      expect(errorOf(await harness.callTool('attachment_read', { path: 'secret/hidden.png' })).code).toBe('not_found');
      expect(errorOf(await harness.callTool('attachment_write', { path: 'secret/new.png', data: PNG.toString('base64') })).code).toBe('path_forbidden');
      expect(errorOf(await harness.callTool('attachment_write', { path: 'img/raw one.png', data: OTHER_PNG.toString('base64') })).code).toBe('path_forbidden');
      const client = await harness.connect();
      await expect(client.readResource({ uri: 'vault://secret/hidden.png' })).rejects.toThrow('No file at "secret/hidden.png"');
      expect(await diskBytes('img/raw one.png')).toEqual(PNG);
    } finally {
      await harness.callTool('vault_config_set', { config: { access: { excluded_paths: [], read_only_paths: [] } } }, harness.served.admin);
    }
  });

  it('moving a note that embeds it with a relative markdown link rewrites the embed so it still reaches the file', async () => {
    const moved = outputOf<{ links_updated: number }>(await harness.callTool('note_move', { from: 'Notes/Deep/Doc.md', to: 'Archive/Doc.md' }));
    expect(moved.links_updated).toBe(1);
    expect(await diskText('Archive/Doc.md')).toBe('# Doc\n\n![chart](../img/pic.png)\n');
    const listed = outputOf<{ attachments: { path: string; linked_from: string[] }[] }>(await harness.callTool('attachment_list', { path_glob: 'img/pic.png' }));
    expect(listed.attachments[0]?.linked_from).toEqual(['Archive/Doc.md', 'Notes/Gallery.md']);
  });

  it('moving the attachment (REST note_move route) rewrites the embeds and links to it in every note', async () => {
    const response = await harness.rest('POST', '/v1/notes/img/pic.png/move', { to: 'assets/photo.png' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ok: true, data: { from: 'img/pic.png', to: 'assets/photo.png', links_updated: 3 } });
    expect(await diskBytes('assets/photo.png')).toEqual(PNG);
    expect(await diskText('Notes/Gallery.md')).toBe('# Gallery\n\n![[photo.png]]\n\nSee [[photo.png|the picture]].\n');
    expect(await diskText('Archive/Doc.md')).toBe('# Doc\n\n![chart](../assets/photo.png)\n');
  });

  it('moves an attachment with if_match checked against its bytes, and deletes one through note_delete (to .trash), If-Match included', async () => {
    expect(errorOf(await harness.callTool('note_move', { from: 'assets/photo.png', to: 'assets/p.png', if_match: '0123456789abcdef' })).code).toBe('etag_mismatch');
    outputOf(await harness.callTool('note_move', { from: 'assets/photo.png', to: 'assets/p.png', if_match: etagOf(PNG), update_links: false }));
    const stale = await rawRequest('DELETE', '/v1/notes/assets/p.png', undefined, { 'If-Match': '"0123456789abcdef"' });
    expect(stale.status).toBe(412);
    const deleted = await rawRequest('DELETE', '/v1/notes/assets/p.png', undefined, { 'If-Match': `"${etagOf(PNG)}"` });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({ ok: true, data: { path: 'assets/p.png', deleted: true, etag: etagOf(PNG) } });
    expect(existsSync(join(harness.root, 'assets/p.png'))).toBe(false);
    expect(await fs.readFile(join(harness.root, '.trash/assets/p.png'))).toEqual(PNG);
    const gone = outputOf<{ deleted: boolean }>(await harness.callTool('note_delete', { path: 'img/json.png' }));
    expect(gone.deleted).toBe(true);
    expect(outputOf<{ total: number }>(await harness.callTool('attachment_list', { path_glob: 'assets/**' })).total).toBe(0);
  });
});
