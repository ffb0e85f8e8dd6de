import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeTempFolder } from '../helpers/temp-vault';
import { runCli } from './run-cli';
import { startServeProcess, stopProcess, type ServeProcess } from './serve-process';

// The built `indx` (and main.js) decode request bodies with a TextDecoder shim in place of
// iconv-lite, and express's MIME types come from a subset of mime-db (docs/decisions/0010). This
// runs the bundle, not the sources, so it checks the shims themselves.

describe('request bodies and response types through the built server', () => {
  let root: string;
  let served: ServeProcess;
  let token: string;

  beforeAll(async () => {
    const folder = await writeTempFolder({ 'vault/Note.md': '# Note\n' });
    root = join(folder, 'vault');
    const created = await runCli(['token', 'create', '--vault', root, '--name', 'agent', '--scopes', 'vault:read,vault:write', '--json']);
    token = (JSON.parse(created.stdout) as { token: string }).token;
    served = await startServeProcess(root);
  });

  afterAll(async () => {
    await stopProcess(served.child);
    await rm(join(root, '..'), { recursive: true, force: true });
  });

  const put = (body: Uint8Array, contentType: string): Promise<Response> =>
    fetch(`${served.url}/v1/notes/Note.md`, { method: 'PUT', headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType }, body: new Uint8Array(body) });

  it('decodes UTF-8 and UTF-16 bodies by their charset, and answers application/json; charset=utf-8', async () => {
    const utf8 = await put(Buffer.from(JSON.stringify({ body: '# Café ☕\n' }), 'utf8'), 'application/json; charset=utf-8');
    expect([utf8.status, utf8.headers.get('content-type')]).toEqual([200, 'application/json; charset=utf-8']);
    expect(await readFile(join(root, 'Note.md'), 'utf8')).toBe('# Café ☕\n');
    const utf16 = await put(Buffer.from(JSON.stringify({ body: '# Grüße 日本\n' }), 'utf16le'), 'application/json; charset=utf-16le');
    expect(utf16.status).toBe(200);
    expect(await readFile(join(root, 'Note.md'), 'utf8')).toBe('# Grüße 日本\n');
  });

  it('refuses a charset it cannot decode, and JSON that does not parse, with invalid_input and the reason', async () => {
    for (const [body, type, reason] of [
      [Buffer.from('{"body":"x"}'), 'application/json; charset=utf-32', 'charset.unsupported'],
      [Buffer.from('{"body":'), 'application/json', 'entity.parse.failed'],
    ] as const) {
      const response = await put(body, type);
      expect([response.status, await response.json()]).toEqual([400, { ok: false, error: expect.objectContaining({ code: 'invalid_input', details: expect.objectContaining({ reason }) as unknown }) as unknown }]);
    }
    expect(await readFile(join(root, 'Note.md'), 'utf8')).toBe('# Grüße 日本\n');
  });
});
