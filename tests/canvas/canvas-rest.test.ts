import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveVault, SERVED_FILES, type ServedVault } from '../server/http/server-harness';
import { OBSIDIAN } from './canvas-fixtures';

const JSON_HEADERS = { 'Content-Type': 'application/json' };
const BEDS = '1a2b3c4d5e6f7081';

type Envelope = { ok: boolean; data?: Record<string, unknown>; error?: { code: string; message: string; details: Record<string, unknown> } };

async function envelope(response: Response): Promise<Envelope> {
  return (await response.json()) as Envelope;
}

describe('canvas over REST: GET, PUT and PATCH /v1/canvas/{path}', () => {
  let served: ServedVault;

  beforeEach(async () => {
    served = await serveVault({ files: { ...SERVED_FILES, 'Notes/Beds.md': '# Beds\n', 'Notes/Seeds.md': '# Seeds\n', 'Boards/Garden.canvas': OBSIDIAN } });
  });

  afterEach(async () => {
    await served.dispose();
  });

  const onDisk = (path: string) => readFile(join(served.vault.root, path), 'utf8');

  it('reads a canvas with its ETag header; a read token suffices', async () => {
    const response = await served.fetch('/v1/canvas/Boards/Garden.canvas', { token: served.read });
    const body = await envelope(response);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-indx-operation')).toBe('canvas_read');
    expect(response.headers.get('etag')).toBe(`"${served.vault.engine.etag(OBSIDIAN)}"`);
    expect(body.data).toMatchObject({ path: 'Boards/Garden.canvas', canvas: JSON.parse(OBSIDIAN) as unknown, files: [{ node_id: BEDS, target: 'Notes/Beds.md' }, { target: 'Notes/Seeds.md' }] });
    const denied = await served.fetch('/v1/canvas/Boards/Garden.canvas', { token: served.read, method: 'PATCH', headers: JSON_HEADERS, body: JSON.stringify({ ops: [{ op: 'remove_node', id: BEDS }] }) });
    expect(denied.status).toBe(403);
  });

  it('patches with If-Match: the current ETag succeeds, a stale one is 412 etag_mismatch', async () => {
    const etag = served.vault.engine.etag(OBSIDIAN);
    const ops = JSON.stringify({ ops: [{ op: 'update_node', id: BEDS, set: { x: 10 } }] });
    const patched = await served.fetch('/v1/canvas/Boards/Garden.canvas', { method: 'PATCH', headers: { ...JSON_HEADERS, 'If-Match': `"${etag}"` }, body: ops });
    const body = await envelope(patched);
    expect(patched.status).toBe(200);
    expect(patched.headers.get('etag')).toBe(`"${String(body.data?.etag)}"`);
    expect(await onDisk('Boards/Garden.canvas')).toBe(OBSIDIAN.replace('"file":"Notes/Beds.md","x":0', '"file":"Notes/Beds.md","x":10'));
    const stale = await served.fetch('/v1/canvas/Boards/Garden.canvas', { method: 'PATCH', headers: { ...JSON_HEADERS, 'If-Match': `"${etag}"` }, body: ops });
    expect(stale.status).toBe(412);
    expect((await envelope(stale)).error).toMatchObject({ code: 'etag_mismatch', details: { current_etag: body.data?.etag } });
  });

  it('creates with PUT (201), refuses an invalid canvas with 422 canvas_invalid naming the id, and an unknown id with 422', async () => {
    const created = await served.fetch('/v1/canvas/Boards/New', { method: 'PUT', headers: JSON_HEADERS, body: JSON.stringify({ canvas: { nodes: [{ id: 'n', type: 'file', file: 'Notes/Beds.md', x: 0, y: 0, width: 400, height: 400 }] } }) });
    expect(created.status).toBe(201);
    expect(await onDisk('Boards/New.canvas')).toBe('{\n\t"nodes":[\n\t\t{"id":"n","type":"file","file":"Notes/Beds.md","x":0,"y":0,"width":400,"height":400}\n\t],\n\t"edges":[]\n}');
    const invalid = await served.fetch('/v1/canvas/Boards/New.canvas', { method: 'PUT', headers: JSON_HEADERS, body: JSON.stringify({ canvas: { nodes: [], edges: [{ id: 'e', fromNode: 'n', toNode: 'n' }] } }) });
    expect(invalid.status).toBe(422);
    expect((await envelope(invalid)).error).toMatchObject({ code: 'canvas_invalid', details: { problems: [{ code: 'dangling_edge', id: 'e', field: 'fromNode' }, { code: 'dangling_edge', id: 'e', field: 'toNode' }] } });
    const unknown = await served.fetch('/v1/canvas/Boards/New.canvas', { method: 'PATCH', headers: JSON_HEADERS, body: JSON.stringify({ ops: [{ op: 'remove_edge', id: 'nope' }] }) });
    expect(unknown.status).toBe(422);
    expect((await envelope(unknown)).error).toMatchObject({ code: 'canvas_id_not_found', details: { id: 'nope', op_index: 0 } });
  });

  it('lists the canvas among the backlinks of a note it shows', async () => {
    const response = await served.fetch('/v1/links/Notes/Beds.md/backlinks', { token: served.read });
    expect((await envelope(response)).data).toMatchObject({ total: 1, backlinks: [{ source: 'Boards/Garden.canvas', count: 1, links: [{ original: 'Notes/Beds.md', kind: 'embed', line: 3 }] }] });
  });
});
