import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AI_FILES, startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../helpers/fake-openai-server';
import { writeTempFolder } from '../../helpers/temp-vault';
import { CLI, isolatedEnvironment, printedError, runCli, type CliResult } from '../../cli/run-cli';
import { ALPHA_ANSWER, ALPHA_SUMMARY } from './surface-support';

// Seed 002 §11.2 on the CLI: `indx ai ask … --stream` prints one NDJSON event per line, ending
// with ai.complete (exit 0), or ai.error on stdout and the error on stderr (exit 7 quota, 8
// provider); the same in-process. Shorthand flags fill the scope, and `indx serve` says which
// model it uses.

type Line = Record<string, unknown> & { type: string };

function linesOf(result: CliResult): Line[] {
  return result.stdout.trim().split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Line);
}

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'indx-ai-cli-'));
});
afterAll(async () => rm(home, { recursive: true, force: true }));

describe('indx ai … against a served vault', () => {
  let harness: AiHarness;
  afterEach(async () => harness.dispose());

  function cli(args: string[]): Promise<CliResult> {
    return runCli([...args, '--url', harness.served.server.url], isolatedEnvironment(home, { INDX_TOKEN: harness.served.write }));
  }

  it('--stream prints NDJSON events as they come and ends with ai.complete (exit 0)', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ALPHA_ANSWER }));
    const result = await cli(['ai', 'ask', 'What does Alpha ship?', '--stream', '--mode', 'lexical', '--no-cache']);
    expect([result.code, result.stderr]).toEqual([0, '']);
    const lines = linesOf(result);
    expect(lines[0]).toEqual({ type: 'ai.partial', delta: expect.any(String) as string });
    expect(lines.filter((line) => line.type === 'ai.partial').map((line) => line.delta).join('')).toBe(ALPHA_ANSWER.answer);
    expect(lines.map((line) => line.type)).toEqual(expect.arrayContaining(['ai.usage', 'ai.citation']));
    expect(lines.at(-1)).toMatchObject({ type: 'ai.complete', data: { answer: ALPHA_ANSWER.answer, confidence: 'high' } });
    expect(lines.filter((line) => line.type === 'ai.complete')).toHaveLength(1);
    // The shorthand --mode went into retrieve.mode.
    expect(harness.openai.chatRequests()).toHaveLength(1);
  });

  it('--stream against a provider that answers whole prints the result as ai.complete with stream_unsupported (exit 0)', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ALPHA_ANSWER, ignore_stream: true }));
    const result = await cli(['ai', 'ask', 'What does Alpha ship?', '--stream', '--mode', 'lexical', '--no-cache']);
    expect([result.code, result.stderr]).toEqual([0, '']);
    const lines = linesOf(result);
    expect(lines.map((line) => line.type)).not.toContain('ai.partial');
    expect(lines.at(-1)).toMatchObject({ type: 'ai.complete', data: { answer: ALPHA_ANSWER.answer, warnings: [{ code: 'stream_unsupported' }] } });
    expect(harness.openai.chatRequests().map((body: { stream?: boolean }) => body.stream)).toEqual([true]);
  });

  it('exits 8 on a provider 500: ai.error on stdout, the error on stderr', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ status: 500 }));
    const result = await cli(['ai', 'ask', 'What does Alpha ship?', '--stream']);
    expect(result.code).toBe(8);
    expect(linesOf(result)).toEqual([{ type: 'ai.error', error: expect.objectContaining({ code: 'ai_provider_error' }) as object }]);
    expect(printedError(result).code).toBe('ai_provider_error');
  });

  it('exits 7 once the daily spend is used up', async () => {
    harness = await startAiHarness({ environment: { INDX_AI_DAILY_COST_USD: '0.000001', INDX_AI_MODEL: 'gpt-4o-mini' } });
    harness.openai.onChat(() => ({ json: ALPHA_ANSWER, usage: { prompt_tokens: 1000, completion_tokens: 100 } }));
    expect((await cli(['ai', 'ask', 'What does Alpha ship?', '--stream'])).code).toBe(0);
    const result = await cli(['ai', 'ask', 'What does Alpha ship?', '--stream', '--no-cache']);
    expect(result.code).toBe(7);
    expect(linesOf(result).at(-1)).toMatchObject({ type: 'ai.error', error: { code: 'ai_quota_exceeded', details: { reset_at: expect.any(String) as string } } });
    expect(printedError(result).code).toBe('ai_quota_exceeded');
    expect(harness.openai.chatRequests()).toHaveLength(1);
  });

  it('fills the scope from --scope-paths, and without --stream prints the JSON result', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ALPHA_SUMMARY }));
    const result = await cli(['ai', 'summarize', '--scope-paths', 'Projects/Alpha.md', '--length', 'short']);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { scope_resolved: { paths: string[] } }).scope_resolved.paths).toEqual(['Projects/Alpha.md']);
    const sent = JSON.stringify(harness.openai.chatRequests());
    expect(sent).toContain('Alpha ships the sync engine.');
    expect(sent).not.toContain('Beta is the storage layer');
    const both = await cli(['ai', 'summarize', '--scope-paths', 'Projects/Alpha.md', '--scope-tag', 'project']);
    expect([both.code, printedError(both).code]).toEqual([2, 'invalid_input']);
  });
});

describe('indx ai … in-process and help', () => {
  let openai: FakeOpenAiServer;
  let vault: string;
  beforeAll(async () => {
    openai = await startFakeOpenAiServer();
    vault = await writeTempFolder(AI_FILES);
  });
  afterAll(async () => {
    await openai.close();
    await rm(vault, { recursive: true, force: true });
  });

  const environment = () => isolatedEnvironment(home, { INDX_AI_PROVIDER: 'openai-compatible', INDX_AI_BASE_URL: openai.url, INDX_AI_MODEL: 'test-model' });

  it('streams in-process on --vault with the provider from the environment', async () => {
    openai.onChat(() => ({ json: ALPHA_ANSWER }));
    const result = await runCli(['ai', 'ask', 'What does Alpha ship?', '--stream', '--vault', vault], environment());
    expect(result.code).toBe(0);
    const lines = linesOf(result);
    expect(lines.filter((line) => line.type === 'ai.partial').map((line) => line.delta).join('')).toBe(ALPHA_ANSWER.answer);
    expect(lines.at(-1)).toMatchObject({ type: 'ai.complete', data: { answer: ALPHA_ANSWER.answer } });
  });

  it('falls back in-process too: a provider answering whole gives ai.complete with stream_unsupported (exit 0)', async () => {
    openai.onChat(() => ({ json: ALPHA_ANSWER, ignore_stream: true }));
    const result = await runCli(['ai', 'ask', 'What does Alpha ship?', '--stream', '--mode', 'lexical', '--no-cache', '--vault', vault], environment());
    expect(result.code).toBe(0);
    const lines = linesOf(result);
    expect(lines.map((line) => line.type)).not.toContain('ai.partial');
    expect(lines.at(-1)).toMatchObject({ type: 'ai.complete', data: { answer: ALPHA_ANSWER.answer, warnings: [{ code: 'stream_unsupported' }] } });
  });

  it('fills ai_toc from --note, and reads --schema-file for ai_extract (a missing file is invalid input)', async () => {
    const toc = await runCli(['ai', 'toc', '--note', 'Projects/Alpha.md', '--vault', vault], environment());
    expect(toc.code).toBe(0);
    expect((JSON.parse(toc.stdout) as { toc_markdown: string }).toc_markdown).toContain('Goals');
    const missing = await runCli(['ai', 'extract', '--scope-note', 'Projects/Alpha.md', '--schema-file', join(vault, 'nope.json'), '--vault', vault], environment());
    expect([missing.code, printedError(missing).code, printedError(missing).message]).toEqual([2, 'invalid_input', expect.stringContaining('--schema-file') as string]);
  });

  it('lists --stream and the shorthand flags in the help of the AI commands', async () => {
    const ask = await runCli(['ai', 'ask', '--help'], environment());
    for (const flag of ['--stream', '--scope-glob <glob>', '--scope-note <path>', '--include-linked <hops>', '--top-k <n>']) expect(ask.stdout).toContain(flag);
    const toc = await runCli(['ai', 'toc', '--help'], environment());
    for (const flag of ['--note <path>', '--moc', '--scope-tag <tag>', '--depth', '--group-by']) expect(toc.stdout).toContain(flag);
    const status = await runCli(['ai', 'status', '--help'], environment());
    expect(status.stdout).not.toContain('--stream');
    const extract = await runCli(['ai', 'extract', '--help'], environment());
    expect(extract.stdout).toContain('--schema-file <file>');
  });
});

describe('indx serve and AI', () => {
  async function servePrinted(extra: Record<string, string>): Promise<string> {
    const vault = await writeTempFolder({ 'Note.md': '# Note\n' });
    const child = spawn(process.execPath, [CLI, 'serve', '--vault', vault, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env: isolatedEnvironment(home, extra) });
    try {
      return await new Promise<string>((resolve, reject) => {
        let printed = '';
        child.stdout.on('data', (chunk: Buffer) => {
          printed += chunk.toString('utf8');
          if (printed.includes('Press Ctrl+C to stop.')) resolve(printed);
        });
        child.on('exit', (code) => reject(new Error(`indx serve exited with ${String(code)}`)));
      });
    } finally {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
      await rm(vault, { recursive: true, force: true });
    }
  }

  it('prints the model it uses, or that AI is off and how to switch it on, with the configuration problem', async () => {
    expect(await servePrinted({ INDX_AI_PROVIDER: 'openai-compatible', INDX_AI_BASE_URL: 'http://127.0.0.1:9/v1', INDX_AI_MODEL: 'test-model' })).toMatch(/^ {2}AI: openai-compatible test-model$/m);
    expect(await servePrinted({})).toMatch(/^ {2}AI: off \(set INDX_AI_PROVIDER and INDX_AI_MODEL\)$/m);
    const half = await servePrinted({ INDX_AI_PROVIDER: 'openai-compatible' });
    expect(half).toMatch(/^ {2}AI: off \(set INDX_AI_PROVIDER and INDX_AI_MODEL\)$/m);
    expect(half).toMatch(/^ {2}AI problem: .+/m);
  });
});

