import { REPLAY_META_KEY } from '../../../src/server/mcp/replay-cache';
import { SteppedScheduler } from '../../helpers/stepped-scheduler';
import { startMcpHarness, type McpHarness } from './mcp-harness';

// Issue 13: the 60 s replay of identical safe calls must never answer what a fresh call would
// answer differently. Here the index is built one scheduler turn at a time, so a search can be
// made while it is building, then again once it is ready, with no vault event in between.

const FILES = Object.fromEntries(Array.from({ length: 30 }, (_unused, index) => [`n${String(index).padStart(2, '0')}.md`, `Note ${index} about comets.\n`]));

let harness: McpHarness;
let scheduler: SteppedScheduler;

beforeAll(async () => {
  scheduler = new SteppedScheduler();
  harness = await startMcpHarness({ files: FILES, search: { scheduler, sliceMs: 1 } });
});
afterAll(() => harness.dispose());

test('a search made while the index builds is not replayed once it is ready; vault_status follows the state', async () => {
  const client = await harness.connect('legacy', harness.read);
  const search = { name: 'vault_search', arguments: { q: 'comets', limit: 100 } };
  void harness.vault.engine.search?.start();
  await scheduler.held();
  await scheduler.step();

  const during = await client.callTool(search);
  expect(during.structuredContent).toMatchObject({ warnings: [{ code: 'index_building' }], index: { state: 'building' } });
  expect((during.structuredContent as { results: unknown[] }).results.length).toBeLessThan(30);
  const statusDuring = await client.callTool({ name: 'vault_status', arguments: {} });
  expect(statusDuring.structuredContent).toMatchObject({ index: { state: 'building' } });
  // Asked again mid-build: computed afresh, never stored.
  expect((await client.callTool(search))._meta?.[REPLAY_META_KEY]).toBeUndefined();

  scheduler.runFreely();
  await harness.vault.engine.search?.whenReady();

  const after = await client.callTool(search);
  expect(after._meta?.[REPLAY_META_KEY]).toBeUndefined();
  expect((after.structuredContent as { results: unknown[] }).results).toHaveLength(30);
  expect(after.structuredContent).not.toHaveProperty('warnings');
  expect((await client.callTool({ name: 'vault_status', arguments: {} })).structuredContent).toMatchObject({ index: { state: 'ready' } });
  // Once ready, an identical call is a replay again.
  expect((await client.callTool(search))._meta?.[REPLAY_META_KEY]).toBe(true);
});

test('vault_status is never replayed: its answer is the live state', async () => {
  const client = await harness.connect('legacy', harness.read);
  await client.callTool({ name: 'vault_status', arguments: {} });
  expect((await client.callTool({ name: 'vault_status', arguments: {} }))._meta?.[REPLAY_META_KEY]).toBeUndefined();
});

test('a configuration change is a new answer state: an identical read is computed afresh', async () => {
  const client = await harness.connect('legacy', harness.read);
  const read = { name: 'note_read', arguments: { path: 'n01.md' } };
  await client.callTool(read);
  expect((await client.callTool(read))._meta?.[REPLAY_META_KEY]).toBe(true);
  const before = harness.vault.engine.answerState();
  await harness.vault.engine.call('vault_config_set', { config: { access: { excluded_paths: ['n01.md'] } } });
  expect(harness.vault.engine.answerState()).not.toBe(before);
  const after = await client.callTool(read);
  expect(after.isError).toBe(true);
  expect(after._meta?.['indx/error']).toMatchObject({ code: expect.stringMatching(/not_found|path_forbidden/) as unknown });
});
