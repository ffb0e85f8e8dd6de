import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AiRuntime } from '../../../src/core/ai/runtime/ai-runtime';
import { FileStorage } from '../../../src/hosts/node/file-storage';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../helpers/fake-openai-server';

const ASK = { system: 'Use only the given notes.', messages: [{ role: 'user' as const, content: 'Hello' }] };

// The runtime builds its chat model from the resolved settings, through the test-mode fetch.
describe('the AI runtime with the AI SDK chat provider', () => {
  let server: FakeOpenAiServer;
  let folder: string;
  beforeEach(async () => {
    server = await startFakeOpenAiServer();
    folder = await fs.mkdtemp(join(tmpdir(), 'indx-ai-runtime-'));
  });
  afterEach(async () => {
    await server.close();
    await fs.rm(folder, { recursive: true, force: true });
  });

  const runtimeWith = (environment: Record<string, string>): AiRuntime => {
    const runtime = new AiRuntime(new FileStorage(folder), { environment, fetch }, () => false, Date.now);
    runtime.configure({ cache: {} }, {});
    return runtime;
  };

  it('answers through the configured openai-compatible server', async () => {
    server.onChat(() => ({ json: { ok: true } }));
    const runtime = runtimeWith({ INDX_AI_PROVIDER: 'openai-compatible', INDX_AI_BASE_URL: server.url, INDX_AI_MODEL: 'test-model' });
    expect(runtime.chat).toMatchObject({ provider: 'openai-compatible', model: 'test-model' });
    const result = await runtime.chat!.generate({ ...ASK, json_schema: { type: 'object' } });
    expect(result.structured).toEqual({ ok: true });
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('records with AI_TEST_RECORD=1 into the state folder and replays with AI_TEST_REPLAY=1', async () => {
    server.onChat(() => ({ json: { recorded: 1 } }));
    const environment = { INDX_AI_PROVIDER: 'openai-compatible', INDX_AI_BASE_URL: server.url, INDX_AI_MODEL: 'test-model' };
    const live = await runtimeWith({ ...environment, AI_TEST_RECORD: '1' }).chat!.generate(ASK);
    await server.close();
    const replayed = await runtimeWith({ ...environment, AI_TEST_REPLAY: '1' }).chat!.generate(ASK);
    expect(replayed).toEqual(live);
    expect((await fs.readdir(join(folder, 'ai-fixtures'))).length).toBe(1);
  });

  it('has no chat model when half configured, and says why', () => {
    const runtime = runtimeWith({ INDX_AI_PROVIDER: 'openai-compatible', INDX_AI_MODEL: 'test-model' });
    expect(runtime.chat).toBeNull();
    expect(runtime.settings.problem).toMatch(/needs a base URL/);
  });
});
