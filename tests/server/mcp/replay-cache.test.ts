import type { CallToolResult } from '@modelcontextprotocol/server';
import { ReplayCache } from '../../../src/server/mcp/replay-cache';

// Seed 000 §3: identical (tool, input) for a safe tool within 60 s is a replay. Time comes from
// an injected clock.

const READER = { actor: 'token:reader', scopes: ['vault:read'] as const };
const RESULT: CallToolResult = { content: [{ type: 'text', text: 'ok' }] };

function cacheAt(time: { now: number }, capacity?: number): ReplayCache {
  return new ReplayCache(60_000, () => time.now, capacity);
}

test('keys ignore property order but not values, tools, callers, tool profiles or the answer state', () => {
  const cache = cacheAt({ now: 0 });
  const key = (caller: Parameters<ReplayCache['keyOf']>[0], tool: string, input: unknown, state = 'ready:0'): string => cache.keyOf(caller, tool, input, state);
  expect(key(READER, 'note_read', { path: 'a', include: ['body'] })).toBe(key(READER, 'note_read', { include: ['body'], path: 'a' }));
  expect(key(READER, 'note_read', { path: 'a' })).not.toBe(key(READER, 'note_read', { path: 'b' }));
  expect(key(READER, 'note_read', {})).not.toBe(key(READER, 'note_list', {}));
  expect(key(READER, 'note_read', {})).not.toBe(key({ actor: 'token:other', scopes: ['vault:read'] }, 'note_read', {}));
  expect(key(READER, 'note_read', {})).not.toBe(key({ ...READER, tools: ['note_read'] }, 'note_read', {}));
  expect(key(READER, 'note_read', undefined)).toBe(key(READER, 'note_read', {}));
  expect(key(READER, 'vault_search', { q: 'x' }, 'building:0')).not.toBe(key(READER, 'vault_search', { q: 'x' }, 'ready:0'));
  expect(key(READER, 'note_read', { path: 'a' }, 'ready:0')).not.toBe(key(READER, 'note_read', { path: 'a' }, 'ready:1'));
});

test('an entry is served for 60 s, then forgotten', () => {
  const time = { now: 1000 };
  const cache = cacheAt(time);
  cache.store('k', RESULT, cache.begin());
  time.now += 59_999;
  expect(cache.get('k')).toBe(RESULT);
  time.now += 1;
  expect(cache.get('k')).toBeUndefined();
});

test('clear forgets everything, and a result computed across a clear is not stored', () => {
  const cache = cacheAt({ now: 0 });
  cache.store('k', RESULT, cache.begin());
  const ticket = cache.begin();
  cache.clear();
  expect(cache.get('k')).toBeUndefined();
  cache.store('late', RESULT, ticket);
  expect(cache.get('late')).toBeUndefined();
});

test('the oldest entry makes room when the cache is full', () => {
  const cache = cacheAt({ now: 0 }, 2);
  for (const key of ['a', 'b', 'c']) cache.store(key, RESULT, cache.begin());
  expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, RESULT, RESULT]);
});
