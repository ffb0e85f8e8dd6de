import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import type { AiInvocationEvent } from '../../../src/core/audit/ai-invocation-event';
import type { tocOutputSchema } from '../../../src/core/ai/toc/toc-output-schema';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { auditEntries, mcpErrorOf, restCall, structuredOf } from '../../helpers/ai-surface';
import { writeTempFolder } from '../../helpers/temp-vault';
import { isolatedEnvironment, printedError, runCli, type CliResult } from '../../cli/run-cli';

// Issue 14 item 12, seed 002 §5.3 and §11.3: ai_toc's outline of one note (no
// include_descriptions) is deterministic and calls no model, so it answers without any AI
// provider, through MCP, REST and the CLI process. A call that needs the model (descriptions, a
// Map of Content) refuses with ai_unavailable (required_role chat) and sends nothing. Without a
// chat model ai_toc stays out of tools/list and OpenAPI (seed 002 §2), yet the engine answers it.

type TocOutput = z.output<typeof tocOutputSchema>;

const FILES = { 'Docs/Guide.md': '# Guide\nIntro.\n\n## Install\nRun it.\n\n### On Linux\nUse the package.\n', 'Docs/Other.md': '# Other\n' };
const OUTLINE = ['- [[Guide#Guide|Guide]]', '  - [[Guide#Install|Install]]', '    - [[Guide#On Linux|On Linux]]', ''].join('\n');
const ZERO_USAGE = { input_tokens: 0, output_tokens: 0, cost_usd: 0, model_calls: 0 };
const NOTE = { mode: 'note', path: 'Docs/Guide.md' };
const DESCRIBED = { ...NOTE, include_descriptions: true };
const MOC = { mode: 'moc', scope: { kind: 'glob', path_glob: 'Docs/**' } };

function parsedOutput(result: CliResult): TocOutput {
  return JSON.parse(result.stdout) as TocOutput;
}

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'indx-toc-home-'));
});
afterAll(async () => rm(home, { recursive: true, force: true }));

// The AI tools each configuration lists: embeddings alone offer ai_relate and ai_status.
describe.each([
  ['no AI provider', { noProvider: true }, []],
  ['embeddings only', { environment: { INDX_AI_MODEL: '' }, vectors: true }, ['ai_status', 'ai_relate']],
  ['AI switched off', { environment: { INDX_AI_ENABLED: 'false' } }, []],
] as const)('ai_toc with %s', (_label, options, listedAiTools) => {
  let harness: AiHarness;
  beforeAll(async () => {
    harness = await startAiHarness({ files: FILES, ...options });
  });
  afterAll(async () => harness.dispose());

  it('MCP: not listed, yet the outline of a note answers with zero usage; descriptions and a MOC answer ai_unavailable', async () => {
    const tools = (await (await harness.connect()).listTools()).tools.map((tool) => tool.name);
    expect(tools.filter((name) => name.startsWith('ai_'))).toEqual(listedAiTools);
    const output = structuredOf<TocOutput>(await harness.callTool('ai_toc', NOTE));
    expect([output.toc_markdown, output.usage, output.warnings]).toEqual([OUTLINE, ZERO_USAGE, []]);
    for (const input of [DESCRIBED, MOC]) {
      const error = mcpErrorOf(await harness.callTool('ai_toc', input));
      expect(error).toMatchObject({ code: 'ai_unavailable', details: { required_role: 'chat' } });
    }
    expect(harness.openai.chatRequests()).toEqual([]);
  });

  it('REST: 200 with the outline; 503 ai_unavailable for descriptions and a MOC; no /v1/ai/toc in OpenAPI', async () => {
    const response = await restCall<TocOutput>(harness, 'POST', '/v1/ai/toc', { ...NOTE, style: 'expanded', include_links: false });
    expect([response.status, response.data.toc_markdown]).toEqual([200, ['- 1 Guide (line 1)', '  - 1.1 Install (line 4)', '    - 1.1.1 On Linux (line 7)', ''].join('\n')]);
    for (const input of [DESCRIBED, MOC]) {
      const refused = await restCall(harness, 'POST', '/v1/ai/toc', input);
      expect([refused.status, refused.error.code, refused.error.details]).toEqual([503, 'ai_unavailable', { required_role: 'chat' }]);
    }
    const openapi = (await (await harness.served.fetch('/openapi.json', { token: null })).json()) as { paths: Record<string, unknown> };
    expect(openapi.paths['/v1/ai/toc']).toBeUndefined();
    expect(harness.openai.chatRequests()).toEqual([]);
  });

  it('records the outline call as one successful ai.invocation without a model', async () => {
    await restCall(harness, 'POST', '/v1/ai/toc', { ...NOTE, cache: false });
    const invocations = (await auditEntries<AiInvocationEvent>(harness)).filter((entry) => entry.type === 'ai.invocation' && entry.ok);
    expect(invocations.at(-1)).toMatchObject({ op: 'toc', ok: true, model: 'none', scope_paths: ['Docs/Guide.md'], usage: ZERO_USAGE });
  });

  it('CLI against the served vault: exit 0 with the outline; --descriptions and --moc exit 6 with ai_unavailable', async () => {
    const environment = isolatedEnvironment(home, { INDX_TOKEN: harness.served.write });
    const url = ['--url', harness.served.server.url];
    const outline = await runCli(['ai', 'toc', '--note', 'Docs/Guide.md', ...url], environment);
    expect([outline.code, outline.stderr]).toEqual([0, '']);
    expect(parsedOutput(outline).toc_markdown).toBe(OUTLINE);
    const described = await runCli(['ai', 'toc', '--note', 'Docs/Guide.md', '--descriptions', ...url], environment);
    expect([described.code, printedError(described).code]).toEqual([6, 'ai_unavailable']);
    const moc = await runCli(['ai', 'toc', '--moc', '--scope-glob', 'Docs/**', ...url], environment);
    expect([moc.code, printedError(moc).code]).toEqual([6, 'ai_unavailable']);
  });
});

describe('indx ai toc in-process without any AI provider', () => {
  let vault: string;
  beforeAll(async () => {
    vault = await writeTempFolder(FILES);
  });
  afterAll(async () => rm(vault, { recursive: true, force: true }));

  it('prints the outline (exit 0), and refuses --descriptions with exit 6 and a message saying it is this input that needs a model', async () => {
    const environment = isolatedEnvironment(home);
    const outline = await runCli(['ai', 'toc', '--note', 'Docs/Guide.md', '--vault', vault], environment);
    expect([outline.code, outline.stderr]).toEqual([0, '']);
    expect(parsedOutput(outline)).toMatchObject({ toc_markdown: OUTLINE, usage: ZERO_USAGE, citations: [] });
    const described = await runCli(['ai', 'toc', '--note', 'Docs/Guide.md', '--descriptions', '--vault', vault], environment);
    expect(described.code).toBe(6);
    expect(printedError(described)).toMatchObject({ code: 'ai_unavailable', message: expect.stringContaining('ai_toc with this input needs a chat model') as string, details: { required_role: 'chat' } });
  });
});
