import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IdempotencyCache } from '../../../src/server/rest/idempotency-cache';
import { serveVault, type ServedVault } from '../http/server-harness';

const APPEND = JSON.stringify({ ops: [{ op: 'append_body', markdown: 'appended' }] });

function patch(served: ServedVault, key: string, body = APPEND, token = served.write): Promise<Response> {
  return served.fetch('/v1/notes/Lonely.md', { method: 'PATCH', token, headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key }, body });
}

describe('REST: Idempotency-Key on writes', () => {
  let served: ServedVault;

  beforeEach(async () => {
    served = await serveVault();
  });

  afterEach(async () => {
    await served.dispose();
  });

  it('replays the stored response for the same key and body, running the write once', async () => {
    const first = await patch(served, 'key-1');
    const second = await patch(served, 'key-1');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-indx-idempotent-replay')).toBeNull();
    expect(second.status).toBe(200);
    expect(second.headers.get('x-indx-idempotent-replay')).toBe('true');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await second.json()).toEqual(await first.json());
    expect(await readFile(join(served.vault.root, 'Lonely.md'), 'utf8')).toBe('no links\nappended\n');
  });

  it('answers 409 idempotency_key_reused for the same key with a different body', async () => {
    await patch(served, 'key-2');
    const reused = await patch(served, 'key-2', JSON.stringify({ ops: [{ op: 'append_body', markdown: 'other' }] }));
    expect(reused.status).toBe(409);
    expect(await reused.json()).toMatchObject({ ok: false, error: { code: 'idempotency_key_reused', details: { idempotency_key: 'key-2' } } });
    expect(await readFile(join(served.vault.root, 'Lonely.md'), 'utf8')).toBe('no links\nappended\n');
  });

  it('replays concurrent duplicates, keeps keys per token and does not keep failures', async () => {
    const [one, two] = await Promise.all([patch(served, 'key-3'), patch(served, 'key-3')]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect([one.headers.get('x-indx-idempotent-replay'), two.headers.get('x-indx-idempotent-replay')].sort()).toEqual(['true', null].sort());
    const otherToken = await patch(served, 'key-3', APPEND, served.admin);
    expect(otherToken.headers.get('x-indx-idempotent-replay')).toBeNull();
    expect(await readFile(join(served.vault.root, 'Lonely.md'), 'utf8')).toBe('no links\nappended\nappended\n');
    const failed = await served.fetch('/v1/notes/Missing.md', { method: 'PATCH', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'key-4' }, body: APPEND });
    expect(failed.status).toBe(404);
    const retried = await served.fetch('/v1/notes/Missing.md', { method: 'PATCH', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'key-4' }, body: APPEND });
    expect(retried.headers.get('x-indx-idempotent-replay')).toBeNull();
  });
});

describe('IdempotencyCache', () => {
  const ok = (body: unknown) => () => Promise.resolve({ status: 200, headers: {}, body });

  it('forgets a key after 24 hours', async () => {
    let now = 0;
    const cache = new IdempotencyCache({ clock: () => now });
    await cache.run('token:a', 'k', 'f1', ok(1));
    now = 24 * 60 * 60 * 1000 - 1;
    expect((await cache.run('token:a', 'k', 'f1', ok(2))).replayed).toBe(true);
    now = 24 * 60 * 60 * 1000 + 1;
    expect(await cache.run('token:a', 'k', 'f2', ok(3))).toEqual({ response: { status: 200, headers: {}, body: 3 }, replayed: false });
  });

  it('evicts the oldest keys past its entry and byte caps', async () => {
    const cache = new IdempotencyCache({ maxEntries: 2, maxBytes: 30 });
    await cache.run('t', 'a', 'f', ok('x'));
    await cache.run('t', 'b', 'f', ok('y'));
    await cache.run('t', 'c', 'f', ok('z'));
    expect((await cache.run('t', 'a', 'other', ok('x'))).replayed).toBe(false);
    await cache.run('t', 'big', 'f', ok('0123456789012345678901234567890123456789'));
    expect((await cache.run('t', 'c', 'other', ok('z'))).replayed).toBe(false);
  });
});
