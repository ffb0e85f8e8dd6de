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

describe('REST: Idempotency-Key fingerprints and failed first requests', () => {
  let served: ServedVault;

  beforeEach(async () => {
    served = await serveVault();
  });

  afterEach(async () => {
    await served.dispose();
  });

  it('treats bodies that differ only in key order as the same request', async () => {
    const first = await served.fetch('/v1/notes/Ordered.md', { method: 'PUT', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'order' }, body: '{"body":"x","frontmatter":{"a":1,"b":[2,{"c":3,"d":4}]}}' });
    const second = await served.fetch('/v1/notes/Ordered.md', { method: 'PUT', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'order' }, body: '{"frontmatter":{"b":[2,{"d":4,"c":3}],"a":1},"body":"x"}' });
    expect([first.status, second.status, second.headers.get('x-indx-idempotent-replay')]).toEqual([201, 201, 'true']);
    const reordered = await served.fetch('/v1/notes/Ordered.md', { method: 'PUT', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'order' }, body: '{"frontmatter":{"b":[{"d":4,"c":3},2],"a":1},"body":"x"}' });
    expect(reordered.status).toBe(409);
  });

  it('never hands a concurrent duplicate the failure of the first request as a replay', async () => {
    const [one, two] = await Promise.all([1, 2].map(() => served.fetch('/v1/notes/Missing.md', { method: 'PATCH', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'fails' }, body: APPEND })));
    expect([one?.status, two?.status]).toEqual([404, 404]);
    expect([one?.headers.get('x-indx-idempotent-replay'), two?.headers.get('x-indx-idempotent-replay')]).toEqual([null, null]);
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

  it('runs a waiting duplicate on its own when the first request fails or throws, replays it when it succeeds', async () => {
    const cache = new IdempotencyCache();
    let release: (() => void) | undefined;
    const slowFailure = () => new Promise<{ status: number; headers: Record<string, string>; body: unknown }>((resolve) => (release = () => resolve({ status: 500, headers: {}, body: 'failed' })));
    const first = cache.run('t', 'k', 'f', slowFailure);
    const duplicate = cache.run('t', 'k', 'f', ok('second try'));
    release?.();
    expect(await first).toEqual({ response: { status: 500, headers: {}, body: 'failed' }, replayed: false });
    expect(await duplicate).toEqual({ response: { status: 200, headers: {}, body: 'second try' }, replayed: false });
    const thrown = cache.run('t', 'thrown', 'f', () => Promise.reject(new Error('boom')));
    const afterThrow = cache.run('t', 'thrown', 'f', ok('ran'));
    await expect(thrown).rejects.toThrow('boom');
    expect(await afterThrow).toEqual({ response: { status: 200, headers: {}, body: 'ran' }, replayed: false });
    const success = cache.run('t', 'good', 'f', ok('once'));
    const replay = cache.run('t', 'good', 'f', ok('never'));
    expect([(await success).replayed, await replay]).toEqual([false, { response: { status: 200, headers: {}, body: 'once' }, replayed: true }]);
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
