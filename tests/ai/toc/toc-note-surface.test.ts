import type { z } from 'zod';
import type { tocOutputSchema } from '../../../src/core/ai/toc/toc-output-schema';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { eventsOf, mcpErrorOf, restCall, sentText, streamRest, structuredOf, userMessageOf } from '../../helpers/ai-surface';

type TocOutput = z.output<typeof tocOutputSchema>;

const GUIDE = ['---', 'tags: [guide]', '---', '# Guide', 'Intro text.', '', '## Install', 'Run the installer.', '', '### On Linux', 'Use the package.', '', '#### Kernel notes', 'Deep.', '', '## Plan: [[Alpha]] | next', 'Steps.', ''].join('\n');

const FILES = {
  'Docs/Guide.md': GUIDE,
  'Alpha.md': '# Alpha\n',
  'Other/Guide.md': '# Other guide\n',
  'Private/Secret.md': '# Secret\n\n## Hidden\nSECRET-TEXT\n',
};

describe('ai_toc note mode through MCP and REST', () => {
  let harness: AiHarness;
  beforeAll(async () => {
    harness = await startAiHarness({ files: FILES, environment: { INDX_AI_DENY_GLOBS: 'Private/**' } });
  });
  afterAll(async () => harness.dispose());
  beforeEach(() => harness.openai.requests.splice(0));

  it('lists the outline as heading links, with zero provider requests and zero usage (MCP)', async () => {
    const output = structuredOf<TocOutput>(await harness.callTool('ai_toc', { mode: 'note', path: 'Docs/Guide' }));
    expect(harness.openai.requests).toHaveLength(0);
    // The name "Guide" is not unique in the vault, so Obsidian's shortest form is the full path.
    expect(output.toc_markdown).toBe(
      ['- [[Docs/Guide#Guide|Guide]]', '  - [[Docs/Guide#Install|Install]]', '    - [[Docs/Guide#On Linux|On Linux]]', '  - [[Docs/Guide#Plan Alpha next|Plan: Alpha next]]', ''].join('\n'),
    );
    expect(output.toc_tree).toEqual([
      {
        title: 'Guide',
        anchor: 'Guide',
        line: 3,
        children: [
          { title: 'Install', anchor: 'Install', line: 6, children: [{ title: 'On Linux', anchor: 'On Linux', line: 9 }] },
          { title: 'Plan: [[Alpha]] | next', anchor: 'Plan Alpha next', line: 15 },
        ],
      },
    ]);
    expect(output.scope_resolved.paths).toEqual(['Docs/Guide.md']);
    expect(output.citations).toEqual([]);
    expect(output.usage).toEqual({ input_tokens: 0, output_tokens: 0, cost_usd: 0, model_calls: 0 });
  });

  it('answers the same through REST, with depth, expanded style and plain text, still without any provider request', async () => {
    const response = await restCall<TocOutput>(harness, 'POST', '/v1/ai/toc', { mode: 'note', path: 'Docs/Guide.md', depth: 4, style: 'expanded', include_links: false });
    expect(response.status).toBe(200);
    expect(response.data.toc_markdown).toBe(['- 1 Guide (line 4)', '  - 1.1 Install (line 7)', '    - 1.1.1 On Linux (line 10)', '      - 1.1.1.1 Kernel notes (line 13)', '  - 1.2 Plan: [[Alpha]] | next (line 16)', ''].join('\n'));
    expect(harness.openai.requests).toHaveLength(0);
  });

  it('lists the outline of a note the AI globs exclude (no text is sent), but refuses to describe it with path_forbidden', async () => {
    const plain = structuredOf<TocOutput>(await harness.callTool('ai_toc', { mode: 'note', path: 'Private/Secret.md' }));
    expect(plain.toc_tree.map((node) => node.title)).toEqual(['Secret']);
    const refused = mcpErrorOf(await harness.callTool('ai_toc', { mode: 'note', path: 'Private/Secret.md', include_descriptions: true }));
    expect(refused.code).toBe('path_forbidden');
    expect(harness.openai.requests).toHaveLength(0);
  });

  it('describes each section with one model call, citing each heading line; a description of a line without a heading is dropped', async () => {
    harness.openai.onChat(() => ({
      json: {
        descriptions: [
          { line: 3, description: 'What the guide\nis for.' },
          { line: 6, description: 'Installing it.' },
          { line: 7, description: 'Not a heading line.' },
          { line: 15, description: 'What comes next.' },
        ],
      },
    }));
    const output = structuredOf<TocOutput>(await harness.callTool('ai_toc', { mode: 'note', path: 'Docs/Guide.md', include_descriptions: true, cache: false }));
    expect(harness.openai.chatRequests()).toHaveLength(1);
    expect(userMessageOf(harness)).toContain('3| # Guide');
    expect(output.toc_markdown.split('\n').slice(0, 3)).toEqual(['- [[Docs/Guide#Guide|Guide]] — What the guide is for.', '  - [[Docs/Guide#Install|Install]] — Installing it.', '    - [[Docs/Guide#On Linux|On Linux]]']);
    expect(output.citations.map((citation) => citation.line)).toEqual([3, 6, 15]);
    expect(output.citations[0]).toMatchObject({ path: 'Docs/Guide.md', etag: expect.stringMatching(/^[0-9a-f]{16}$/) as unknown });
    expect(output.warnings.map((warning) => warning.code).sort()).toEqual(['citation_invalid', 'ungrounded_dropped']);
    expect(output.usage.model_calls).toBe(1);
    expect(sentText(harness)).not.toContain('SECRET-TEXT');
  });

  it('streams on REST: one ai.citation per description, the usage, then ai.complete with the whole result', async () => {
    harness.openai.onChat(() => ({ json: { descriptions: [{ line: 3, description: 'The guide.' }, { line: 6, description: 'Install.' }] } }));
    const { status, events } = await streamRest<TocOutput>(harness, '/v1/ai/toc', { mode: 'note', path: 'Docs/Guide.md', include_descriptions: true, depth: 2, cache: false });
    expect(status).toBe(200);
    expect(events.map((event) => event.type)).toEqual(['ai.usage', 'ai.citation', 'ai.citation', 'ai.complete']);
    const [complete] = eventsOf(events, 'ai.complete');
    expect(complete?.data.citations).toEqual(eventsOf(events, 'ai.citation').map((event) => event.citation));
  });

  it('fails with ai_grounding_failed when no description lands on a heading', async () => {
    harness.openai.onChat(() => ({ json: { descriptions: [{ line: 4, description: 'Intro.' }] } }));
    const error = mcpErrorOf(await harness.callTool('ai_toc', { mode: 'note', path: 'Docs/Guide.md', include_descriptions: true, cache: false }));
    expect(error.code).toBe('ai_grounding_failed');
  });

  it('treats a reply of the wrong shape as ai_provider_error (invalid_output)', async () => {
    harness.openai.onChat(() => ({ json: { nothing: true } }));
    const response = await restCall<TocOutput>(harness, 'POST', '/v1/ai/toc', { mode: 'note', path: 'Docs/Guide.md', include_descriptions: true, cache: false });
    expect(response.status).toBe(502);
    expect(response.error).toMatchObject({ code: 'ai_provider_error', details: { reason: 'invalid_output' } });
  });

  it('refuses unknown fields and a missing note', async () => {
    expect((await restCall(harness, 'POST', '/v1/ai/toc', { mode: 'note', path: 'Docs/Guide.md', deep: 2 })).error.code).toBe('invalid_input');
    expect((await restCall(harness, 'POST', '/v1/ai/toc', { mode: 'note', path: 'Nope.md' })).error.code).toBe('not_found');
  });
});
