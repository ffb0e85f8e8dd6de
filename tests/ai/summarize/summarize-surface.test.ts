import type { SummarizeOutput } from '../../../src/core/ai/summarize/summarize-output-schema';
import { AI_FILES, startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { chatBodies, eventsOf, lastMessageOf, mcpErrorOf, restData, restError, sentText, streamRest, structuredOf, warningCodes, writeOnDisk, type ChatBody } from '../../helpers/ai-surface';

// ai_summarize through the real surfaces (MCP over HTTP, REST) against the loopback
// OpenAI-compatible server: what the model received, what came back, and every warning and error
// seed 002 §5.1, §6, §8 and §9 name for it.

const ROUTE = '/v1/ai/summarize';
const ALPHA_AND_BETA = { kind: 'paths', paths: ['Projects/Alpha.md', 'Projects/Beta.md'] };

/** A reply citing real lines: Alpha line 6 ("Alpha ships the sync engine.") and Beta's Design heading. */
const GROUNDED_REPLY = {
  tldr: 'Alpha ships sync over Beta storage.',
  text: 'Alpha ships the sync engine; Beta is its log-structured storage.',
  key_points: [
    { text: 'Alpha ships the sync engine.', citations: [{ path: 'Projects/Alpha.md', line: 6 }] },
    { text: 'Beta uses log-structured storage.', citations: [{ path: 'Projects/Beta.md', anchor: 'Design' }] },
  ],
  citations: [{ path: 'Projects/Alpha.md', line: 6 }],
};

/** A note of 30 numbered facts, too long to share a small prompt with another. */
function longNote(name: string): string {
  return `# ${name}\n\n${Array.from({ length: 30 }, (_unused, index) => `${name} fact ${index}: the ${name} service handles request class ${index}.`).join('\n')}\n`;
}

describe('ai_summarize over MCP and REST', () => {
  let harness: AiHarness;
  afterEach(async () => harness.dispose());

  it('summarizes with verified citations over MCP: key points kept, citations pinned to etags, the notes sent with numbered lines', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: GROUNDED_REPLY, usage: { prompt_tokens: 300, completion_tokens: 40 } }));
    const result = await harness.callTool('ai_summarize', { scope: ALPHA_AND_BETA, include: ['tldr', 'key_points', 'outline'] });
    const output = structuredOf<SummarizeOutput>(result);
    expect(output.scope_resolved).toEqual({ paths: ['Projects/Alpha.md', 'Projects/Beta.md'], total_tokens: expect.any(Number) as number });
    expect(output.summary).toEqual({
      tldr: GROUNDED_REPLY.tldr,
      text: GROUNDED_REPLY.text,
      key_points: ['Alpha ships the sync engine.', 'Beta uses log-structured storage.'],
      outline: [
        { heading: 'Alpha', line: 4, path: 'Projects/Alpha.md' },
        { heading: 'Goals', line: 8, path: 'Projects/Alpha.md' },
        { heading: 'Risks', line: 11, path: 'Projects/Alpha.md' },
        { heading: 'Beta', line: 3, path: 'Projects/Beta.md' },
        { heading: 'Design', line: 7, path: 'Projects/Beta.md' },
      ],
    });
    expect(output.citations).toEqual([
      expect.objectContaining({ path: 'Projects/Alpha.md', etag: expect.stringMatching(/^[0-9a-f]{16}$/) as string, line: 6, snippet: 'Alpha ships the sync engine.' }),
      expect.objectContaining({ path: 'Projects/Beta.md', anchor: 'Design', line: 7 }),
    ]);
    expect(output.usage).toEqual({ input_tokens: 300, output_tokens: 40, cost_usd: 0, model_calls: 1 });
    expect(output.warnings).toEqual([]);
    expect((result.content as { text: string }[])[0]?.text.split('\n')[0]).toBe('Summarized 2 notes: Alpha ships sync over Beta storage.');
    expect((result.content as { text: string }[])[0]?.text).toContain('  text: Alpha ships the sync engine; Beta is its log-structured storage.');
    expect((result.content as { text: string }[])[0]?.text).toContain('citations (2):');
    const [request] = chatBodies(harness);
    expect(lastMessageOf(request)).toContain('6| Alpha ships the sync engine.');
    expect(lastMessageOf(request)).toContain('<note path="Projects/Beta.md"');
    expect(request!.response_format?.type).toBe('json_schema');
  });

  it('answers the same over REST in the {ok, data} envelope, telling the model the length and style', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: GROUNDED_REPLY }));
    const output = await restData<SummarizeOutput>(harness, ROUTE, { scope: ALPHA_AND_BETA, length: 'short', style: 'bullets' });
    expect(output.summary.key_points).toHaveLength(2);
    expect(output.citations).toHaveLength(2);
    const system = chatBodies(harness)[0]!.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('about 50 tokens');
    expect(system.content).toContain('bullet list');
  });

  it('summarizes a scope too large for one prompt in parts (map-reduce), with progress events, and carries the part citations through', async () => {
    harness = await startAiHarness({ files: { 'Big/One.md': longNote('One'), 'Big/Two.md': longNote('Two'), 'Big/Three.md': longNote('Three') }, environment: { INDX_AI_MAX_INPUT_TOKENS: '700' } });
    harness.openai.onChat((body: ChatBody) => {
      const user = lastMessageOf(body);
      if (user.includes('Combine them')) return { json: { tldr: 'Three services.', text: 'One, Two and Three handle requests.', key_points: [{ text: 'One handles class 0.', citations: [{ path: 'Big/One.md', line: 2 }] }], citations: [{ path: 'Big/Two.md', line: 2 }] } };
      const path = /<note path="([^"]+)"/.exec(user)?.[1] ?? 'Big/One.md';
      return { json: { tldr: 'part', text: `part about ${path}`, key_points: [{ text: `${path} fact`, citations: [{ path, line: 2 }] }], citations: [] } };
    });
    const { status, events } = await streamRest<SummarizeOutput>(harness, ROUTE, { scope: { kind: 'glob', path_glob: 'Big/**' } });
    expect(status).toBe(200);
    const chats = chatBodies(harness);
    const parts = chats.filter((body) => !lastMessageOf(body).includes('Combine them')).length;
    expect(parts).toBeGreaterThanOrEqual(3);
    expect(chats.length).toBeGreaterThan(parts);
    expect(eventsOf(events, 'ai.progress').map((event) => event.message)).toEqual(Array.from({ length: parts }, (_unused, index) => `part ${index + 1} of ${parts}`));
    expect(lastMessageOf(chats[chats.length - 1])).toContain('Big/Three.md fact');
    const [complete] = eventsOf(events, 'ai.complete');
    expect(complete?.data.summary.key_points).toEqual(['One handles class 0.']);
    expect(complete?.data.citations.map((citation) => citation.path)).toEqual(['Big/Two.md', 'Big/One.md']);
    expect(complete?.data.usage.model_calls).toBe(chats.length);
    for (const body of chats) expect(JSON.stringify(body.messages).length / 4).toBeLessThan(700);
  });

  it('streams the text as ai.partial deltas, then the kept citations, then ai.complete (REST event stream)', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: GROUNDED_REPLY }));
    const { events } = await streamRest<SummarizeOutput>(harness, ROUTE, { scope: ALPHA_AND_BETA });
    const deltas = eventsOf(events, 'ai.partial').map((event) => event.delta);
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.join('')).toBe(GROUNDED_REPLY.text);
    expect(eventsOf(events, 'ai.citation').map((event) => event.citation.path)).toEqual(['Projects/Alpha.md', 'Projects/Beta.md']);
    expect(events[events.length - 1]).toMatchObject({ type: 'ai.complete', data: { summary: { text: GROUNDED_REPLY.text } } });
  });

  it('drops a key point none of whose citations verifies (ungrounded_dropped) and one citing a heading that does not exist (citation_invalid)', async () => {
    harness = await startAiHarness();
    const key_points = [...GROUNDED_REPLY.key_points, { text: 'Invented claim.', citations: [] }, { text: 'Cites a missing heading.', citations: [{ path: 'Projects/Alpha.md', anchor: 'Budget' }] }];
    harness.openai.onChat(() => ({ json: { ...GROUNDED_REPLY, key_points } }));
    const output = structuredOf<SummarizeOutput>(await harness.callTool('ai_summarize', { scope: ALPHA_AND_BETA }));
    expect(output.summary.key_points).toEqual(['Alpha ships the sync engine.', 'Beta uses log-structured storage.']);
    expect(output.warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'citation_invalid', path: 'Projects/Alpha.md', details: expect.objectContaining({ anchor: 'Budget' }) as object }),
        expect.objectContaining({ code: 'ungrounded_dropped', details: { dropped: 2 } }),
      ]),
    );
    expect(warningCodes(output).filter((code) => code === 'ungrounded_dropped')).toHaveLength(1);
  });

  it('drops a citation of a note edited while the model was answering (citation_drift)', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(async () => {
      await writeOnDisk(harness, 'Projects/Alpha.md', `${AI_FILES['Projects/Alpha.md'] as string}\nEdited meanwhile.\n`);
      return { json: GROUNDED_REPLY };
    });
    const output = structuredOf<SummarizeOutput>(await harness.callTool('ai_summarize', { scope: ALPHA_AND_BETA }));
    expect(output.summary.key_points).toEqual(['Beta uses log-structured storage.']);
    expect(output.citations.map((citation) => citation.path)).toEqual(['Projects/Beta.md']);
    expect(output.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'citation_drift', path: 'Projects/Alpha.md' }), expect.objectContaining({ code: 'ungrounded_dropped' })]));
  });

  it('fails with ai_grounding_failed (422 over REST, isError over MCP) when no citation verifies', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: { tldr: 't', text: 'made up', key_points: [{ text: 'x', citations: [{ path: 'Nowhere.md', line: 1 }] }], citations: [{ path: 'Projects/Alpha.md', line: 999 }] } }));
    const rest = await restError(harness, ROUTE, { scope: ALPHA_AND_BETA });
    expect(rest.status).toBe(422);
    expect(rest.error.code).toBe('ai_grounding_failed');
    expect(rest.error.details.dropped).toHaveLength(2);
    expect(mcpErrorOf(await harness.callTool('ai_summarize', { scope: ALPHA_AND_BETA, cache: false })).code).toBe('ai_grounding_failed');
  });

  it('accepts an uncited summary under cite: false, asking the model for no citations', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: { tldr: 't', text: 'plain', key_points: ['one', 'two'] } }));
    const output = structuredOf<SummarizeOutput>(await harness.callTool('ai_summarize', { scope: ALPHA_AND_BETA, cite: false }));
    expect(output.summary.key_points).toEqual(['one', 'two']);
    expect(output.citations).toEqual([]);
    expect(JSON.stringify(chatBodies(harness)[0]!.response_format)).not.toContain('citations');
  });

  it('never sends a note excluded by the deny globs, and says so with globs_excluded', async () => {
    harness = await startAiHarness({ environment: { INDX_AI_DENY_GLOBS: 'Private/**' } });
    harness.openai.onChat(() => ({ json: GROUNDED_REPLY }));
    const output = structuredOf<SummarizeOutput>(await harness.callTool('ai_summarize', { scope: { kind: 'paths', paths: ['Projects/Alpha.md', 'Projects/Beta.md', 'Private/Diary.md'] } }));
    expect(output.scope_resolved.paths).toEqual(['Projects/Alpha.md', 'Projects/Beta.md']);
    expect(output.warnings).toEqual([expect.objectContaining({ code: 'globs_excluded', details: expect.objectContaining({ paths: ['Private/Diary.md'] }) as object })]);
    await restData<SummarizeOutput>(harness, ROUTE, { scope: { kind: 'glob', path_glob: '**' }, cache: false });
    expect(chatBodies(harness)).toHaveLength(2);
    expect(sentText(harness)).not.toContain('SECRET-DIARY-TEXT');
    expect(sentText(harness)).not.toContain('Private/Diary.md');
  });

  it('serves an identical second call from the cache: zero usage, ai_cache_hit, no new request', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: GROUNDED_REPLY, usage: { prompt_tokens: 50, completion_tokens: 10 } }));
    const first = structuredOf<SummarizeOutput>(await harness.callTool('ai_summarize', { scope: ALPHA_AND_BETA }));
    const second = await restData<SummarizeOutput>(harness, ROUTE, { scope: ALPHA_AND_BETA });
    expect(first.usage.model_calls).toBe(1);
    expect(second.usage).toEqual({ input_tokens: 0, output_tokens: 0, cost_usd: 0, model_calls: 0 });
    expect(warningCodes(second)).toEqual(['ai_cache_hit']);
    expect(second.summary).toEqual(first.summary);
    expect(chatBodies(harness)).toHaveLength(1);
  });

  it('misses the cache once a note of the scope changed', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: GROUNDED_REPLY }));
    await restData<SummarizeOutput>(harness, ROUTE, { scope: ALPHA_AND_BETA });
    await writeOnDisk(harness, 'Projects/Beta.md', `${AI_FILES['Projects/Beta.md'] as string}\nMore.\n`);
    const second = await restData<SummarizeOutput>(harness, ROUTE, { scope: ALPHA_AND_BETA });
    expect(warningCodes(second)).not.toContain('ai_cache_hit');
    expect(chatBodies(harness)).toHaveLength(2);
  });

  it('warns truncated when the reply stopped at the output cap', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: GROUNDED_REPLY, finish_reason: 'length' }));
    const output = structuredOf<SummarizeOutput>(await harness.callTool('ai_summarize', { scope: ALPHA_AND_BETA, max_tokens: 64 }));
    expect(warningCodes(output)).toEqual(['truncated']);
    const [request] = chatBodies(harness);
    expect(request!.max_tokens ?? request!.max_completion_tokens).toBe(64);
  });

  it('fails with ai_provider_error (502) when the provider answers 500', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ status: 500 }));
    const rest = await restError(harness, ROUTE, { scope: ALPHA_AND_BETA });
    expect(rest.status).toBe(502);
    expect(rest.error.code).toBe('ai_provider_error');
    expect(mcpErrorOf(await harness.callTool('ai_summarize', { scope: ALPHA_AND_BETA })).code).toBe('ai_provider_error');
  });

  it('fails with ai_provider_error when the provider does not answer within INDX_AI_TIMEOUT_MS', async () => {
    harness = await startAiHarness({ environment: { INDX_AI_TIMEOUT_MS: '300' } });
    harness.openai.onChat(() => ({ json: GROUNDED_REPLY, delay_ms: 2000 }));
    expect(mcpErrorOf(await harness.callTool('ai_summarize', { scope: ALPHA_AND_BETA })).code).toBe('ai_provider_error');
  });

  it('refuses with ai_quota_exceeded (429, details.reset_at) once the daily ceiling is spent', async () => {
    harness = await startAiHarness({ environment: { INDX_AI_DAILY_COST_USD: '0.000001', INDX_AI_MODEL: 'gpt-4o-mini' } });
    harness.openai.onChat(() => ({ json: GROUNDED_REPLY, usage: { prompt_tokens: 1000, completion_tokens: 100 } }));
    const first = structuredOf<SummarizeOutput>(await harness.callTool('ai_summarize', { scope: ALPHA_AND_BETA }));
    expect(first.usage.cost_usd).toBeGreaterThan(0);
    const second = await restError(harness, ROUTE, { scope: ALPHA_AND_BETA, cache: false });
    expect(second.status).toBe(429);
    expect(second.error.code).toBe('ai_quota_exceeded');
    expect(Date.parse(String(second.error.details.reset_at))).toBeGreaterThan(Date.now());
    expect(chatBodies(harness)).toHaveLength(1);
  });

  it('refuses with ai_unavailable (503) and sends nothing when no provider is configured', async () => {
    harness = await startAiHarness({ noProvider: true });
    const rest = await restError(harness, ROUTE, { scope: ALPHA_AND_BETA });
    expect(rest.status).toBe(503);
    expect(rest.error).toMatchObject({ code: 'ai_unavailable', details: { required_role: 'chat' } });
    expect(harness.openai.requests).toHaveLength(0);
  });
});
