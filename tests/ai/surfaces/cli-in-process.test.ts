import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isolatedEnvironment, printedError, runCli } from '../../cli/run-cli';
import { writeTempFolder } from '../../helpers/temp-vault';

// A one-shot command runs the engine in its own process: the core waits on AbortSignal.timeout,
// which does not keep Node alive, so the command must hold the process open until the call ends.
describe('indx ai in-process (no server) with a provider that cannot be reached', () => {
  let vault: string;
  let home: string;

  beforeAll(async () => {
    vault = await writeTempFolder({ 'Note.md': '# Note\n\nSome text.\n' });
    home = await mkdtemp(join(tmpdir(), 'indx-home-'));
  });

  afterAll(async () => {
    await rm(vault, { recursive: true, force: true });
    await rm(home, { recursive: true, force: true });
  });

  it('waits through the retry and reports ai_provider_error with exit 8, instead of exiting silently', async () => {
    const environment = isolatedEnvironment(home, { INDX_AI_PROVIDER: 'openai-compatible', INDX_AI_BASE_URL: 'http://127.0.0.1:9/v1', INDX_AI_MODEL: 'test-model' });
    const result = await runCli(['ai', 'summarize', '--vault', vault, '--scope-paths', 'Note.md'], environment);
    expect(result.stdout).toBe('');
    expect(printedError(result)).toMatchObject({ code: 'ai_provider_error', details: { reason: 'network' } });
    expect(result.code).toBe(8);
  });
});
