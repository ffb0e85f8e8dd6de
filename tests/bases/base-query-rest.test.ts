import { serveVault, type ServedVault } from '../server/http/server-harness';
import { LIBRARY_VAULT } from './helpers/library-vault';

interface Envelope {
  ok: boolean;
  data?: { view: { name: string }; rows: { path: string; group?: unknown }[]; total: number; next_cursor: string | null; this_path: string };
  error?: { code: string; message: string; details: Record<string, unknown> };
}

// base_query through the real REST surface: GET /v1/bases/{path}/query over HTTP on 127.0.0.1.
describe('REST: GET /v1/bases/{path}/query', () => {
  let served: ServedVault;

  beforeAll(async () => {
    served = await serveVault({ files: LIBRARY_VAULT });
  });

  afterAll(async () => {
    await served.dispose();
  });

  async function get(path: string, token?: string | null): Promise<{ status: number; body: Envelope }> {
    const response = await served.fetch(path, token === undefined ? {} : { token });
    return { status: response.status, body: (await response.json()) as Envelope };
  }

  it('returns a page of the named view with a read token, query parameters as the schema says', async () => {
    const { status, body } = await get(`/v1/bases/Library.base/query?view=${encodeURIComponent('Grouped')}&limit=2&this_path=Books.md`, served.read);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ view: { name: 'Grouped' }, total: 5, this_path: 'Books.md', rows: [{ path: 'Books/D.md', group: 'fantasy' }, { path: 'Books/B.md', group: 'fantasy' }] });
    const next = await get(`/v1/bases/Library.base/query?view=Grouped&limit=2&cursor=${String(body.data?.next_cursor)}`);
    expect(next.body.data?.rows.map((row) => row.path)).toEqual(['Books/C.md', 'Books/A.md']);
  });

  it('takes a path without .base', async () => {
    const { body } = await get('/v1/bases/Library/query?limit=1');
    expect(body.data?.rows.map((row) => row.path)).toEqual(['Books/A.md']);
  });

  it('answers 422 with the code and the construct for base_unsupported and base_invalid, 404 for a missing base', async () => {
    const unsupported = await get('/v1/bases/Unsupported.base/query');
    expect([unsupported.status, unsupported.body.error?.code, unsupported.body.error?.details.construct]).toEqual([422, 'base_unsupported', 'upper()']);
    const invalid = await get('/v1/bases/Invalid.base/query');
    expect([invalid.status, invalid.body.error?.code]).toEqual([422, 'base_invalid']);
    const missing = await get('/v1/bases/Nope.base/query');
    expect([missing.status, missing.body.error?.code]).toEqual([404, 'not_found']);
  });

  it('requires a token', async () => {
    expect((await get('/v1/bases/Library.base/query', null)).status).toBe(401);
  });
});
