import type { AskOutput } from '../../../src/core/ai/ask/ask-output-schema';
import { AI_FILES, startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { chatBodies, eventsOf, lastMessageOf, mcpErrorOf, restData, restError, sentText, streamRest, structuredOf, warningCodes, writeOnDisk } from '../../helpers/ai-surface';

// ai_ask through the real surfaces (MCP over HTTP, REST) against the loopback OpenAI-compatible
// server: deterministic retrieval, grounded answers, the seed's "I don't know" path, history,
// streaming, and the warnings and errors of seed 002 §5.2, §6, §8 and §9.

const IDK = "I don't know based on the indexed vault.";

/** An answer citing Alpha's line 6 ("Alpha ships the sync engine."). */
const ANSWER = { answer: 'Alpha ships the sync engine.', citations: [{ path: 'Projects/Alpha.md', line: 6 }], confidence: 'high', supported: true, followups: ['What does Beta store?'] };

const ROUTE = '/v1/ai/ask';

function pathsOf(output: AskOutput): string[] {
  return output.retrieved.map((note) => note.path);
}

describe('ai_ask over MCP and REST', () => {
  let harness: AiHarness;
  afterEach(async () => harness.dispose());

  it('retrieves lexically without embeddings (embeddings_unavailable), answers with verified citations over MCP', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ANSWER, usage: { prompt_tokens: 200, completion_tokens: 20 } }));
    const result = await harness.callTool('ai_ask', { question: 'What does Alpha ship?' });
    const output = structuredOf<AskOutput>(result);
    expect(output.answer).toBe(ANSWER.answer);
    expect(output.confidence).toBe('high');
    expect(output.citations).toEqual([expect.objectContaining({ path: 'Projects/Alpha.md', etag: expect.stringMatching(/^[0-9a-f]{16}$/) as string, line: 6, snippet: 'Alpha ships the sync engine.' })]);
    expect(output.followups).toEqual(['What does Beta store?']);
    expect(output.retrieved[0]).toEqual({ path: 'Projects/Alpha.md', score: expect.any(Number) as number, matched_in: expect.arrayContaining(['title', 'body']) as string[] });
    expect(output.warnings).toEqual([expect.objectContaining({ code: 'embeddings_unavailable' })]);
    expect(output.usage).toEqual({ input_tokens: 200, output_tokens: 20, cost_usd: 0, model_calls: 1 });
    // Content-first clients read the payload in the text: the summary line, then the answer and its citations.
    expect((result.content as { text: string }[])[0]?.text.split('\n')[0]).toBe(`Answered from ${output.retrieved.length} notes (confidence high, 1 citation).`);
    expect((result.content as { text: string }[])[0]?.text).toContain('answer: Alpha ships the sync engine.');
    expect((result.content as { text: string }[])[0]?.text).toContain('- path: Projects/Alpha.md');
    const [request] = chatBodies(harness);
    expect(lastMessageOf(request)).toContain('6| Alpha ships the sync engine.');
    expect(lastMessageOf(request)).toContain('Question: What does Alpha ship?');
  });

  it('answers over REST; explicit lexical retrieval raises no embeddings warning; top_k caps the evidence', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ANSWER }));
    const output = await restData<AskOutput>(harness, ROUTE, { question: 'What does Alpha ship?', retrieve: { mode: 'lexical', top_k: 1 } });
    expect(pathsOf(output)).toEqual(['Projects/Alpha.md']);
    expect(output.warnings).toEqual([]);
    expect(lastMessageOf(chatBodies(harness)[0])).not.toContain('Projects/Beta.md');
  });

  it('retrieves hybrid by default when embeddings are configured, without a warning', async () => {
    harness = await startAiHarness({ vectors: true });
    await harness.served.vault.engine.search?.whenReady();
    harness.openai.onChat(() => ({ json: ANSWER }));
    const output = structuredOf<AskOutput>(await harness.callTool('ai_ask', { question: 'What does Alpha ship?' }));
    expect(warningCodes(output)).not.toContain('embeddings_unavailable');
    expect(pathsOf(output)).toContain('Projects/Alpha.md');
  });

  it('answers only from the scope when one is given, taking a small scope whole', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: { ...ANSWER, answer: 'Log-structured.', citations: [{ path: 'Projects/Beta.md', anchor: 'Design' }] } }));
    const output = structuredOf<AskOutput>(await harness.callTool('ai_ask', { question: 'What does Alpha ship?', scope: { kind: 'paths', paths: ['Projects/Beta.md', 'Notes/Meeting.md'] }, retrieve: { mode: 'lexical' } }));
    expect(pathsOf(output)).toEqual(['Projects/Beta.md', 'Notes/Meeting.md']);
    expect(output.retrieved[1]).toEqual({ path: 'Notes/Meeting.md', score: 0, matched_in: [] });
    expect(lastMessageOf(chatBodies(harness)[0])).not.toContain('Projects/Alpha.md');
    expect(output.citations).toEqual([expect.objectContaining({ path: 'Projects/Beta.md', anchor: 'Design' })]);
  });

  it('says "I don\'t know" (confidence low, unsupported_question) when the model finds the evidence does not answer', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: { answer: 'The notes do not say.', citations: [], confidence: 'low', supported: false, followups: [] } }));
    const output = structuredOf<AskOutput>(await harness.callTool('ai_ask', { question: 'What does Alpha cost?' }));
    expect(output).toMatchObject({ answer: IDK, confidence: 'low', citations: [] });
    expect(output.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'unsupported_question' })]));
  });

  it('says "I don\'t know" without calling the model when no note matches', async () => {
    harness = await startAiHarness();
    const output = await restData<AskOutput>(harness, ROUTE, { question: 'zebra xylophone quasar', retrieve: { mode: 'lexical' } });
    expect(output).toMatchObject({ answer: IDK, confidence: 'low', citations: [], retrieved: [], usage: { model_calls: 0 } });
    expect(warningCodes(output)).toEqual(['unsupported_question']);
    expect(chatBodies(harness)).toHaveLength(0);
  });

  it('says "I don\'t know" (not ai_grounding_failed) when the cited note changed meanwhile (citation_drift)', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(async () => {
      await writeOnDisk(harness, 'Projects/Alpha.md', `${AI_FILES['Projects/Alpha.md'] as string}\nEdited meanwhile.\n`);
      return { json: ANSWER };
    });
    const output = structuredOf<AskOutput>(await harness.callTool('ai_ask', { question: 'What does Alpha ship?', retrieve: { mode: 'lexical' } }));
    expect(output).toMatchObject({ answer: IDK, confidence: 'low', citations: [] });
    expect(warningCodes(output)).toEqual(['citation_drift', 'unsupported_question']);
  });

  it('drops a citation of a heading that does not exist (citation_invalid) and keeps the verified one', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: { ...ANSWER, citations: [...ANSWER.citations, { path: 'Projects/Alpha.md', anchor: 'Pricing' }] } }));
    const output = structuredOf<AskOutput>(await harness.callTool('ai_ask', { question: 'What does Alpha ship?', retrieve: { mode: 'lexical' } }));
    expect(output.answer).toBe(ANSWER.answer);
    expect(output.citations).toHaveLength(1);
    expect(output.warnings).toEqual([expect.objectContaining({ code: 'citation_invalid', path: 'Projects/Alpha.md' })]);
  });

  it('sends the history before the question, and partitions the cache by conversation_id', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ANSWER }));
    const history = [
      { role: 'user', content: 'Tell me about the projects.' },
      { role: 'assistant', content: 'There are Alpha and Beta.' },
    ];
    await harness.callTool('ai_ask', { question: 'What does Alpha ship?', history, conversation_id: 'c1', retrieve: { mode: 'lexical' } });
    const messages = chatBodies(harness)[0]!.messages;
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[1]?.content).toBe('Tell me about the projects.');
    expect(messages[2]?.content).toBe('There are Alpha and Beta.');
    // Over REST: MCP answers a repeated read-only call from its own replay cache before the AI cache.
    const again = await restData<AskOutput>(harness, ROUTE, { question: 'What does Alpha ship?', history, conversation_id: 'c1', retrieve: { mode: 'lexical' } });
    expect(warningCodes(again)).toEqual(['ai_cache_hit']);
    await harness.callTool('ai_ask', { question: 'What does Alpha ship?', history, conversation_id: 'c2', retrieve: { mode: 'lexical' } });
    expect(chatBodies(harness)).toHaveLength(2);
  });

  it('never retrieves or sends a deny-globbed note, reporting it as globs_excluded', async () => {
    harness = await startAiHarness({ environment: { INDX_AI_DENY_GLOBS: 'Private/**' } });
    harness.openai.onChat(() => ({ json: { answer: 'No.', citations: [], confidence: 'low', supported: false, followups: [] } }));
    const output = structuredOf<AskOutput>(await harness.callTool('ai_ask', { question: 'diary secret', retrieve: { mode: 'lexical' } }));
    expect(pathsOf(output)).not.toContain('Private/Diary.md');
    expect(output.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'globs_excluded', details: expect.objectContaining({ paths: ['Private/Diary.md'] }) as object })]));
    expect(sentText(harness)).not.toContain('SECRET-DIARY-TEXT');
  });

  it('streams the answer as ai.partial deltas, then the citations, then ai.complete (REST event stream)', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ANSWER }));
    const { events } = await streamRest<AskOutput>(harness, ROUTE, { question: 'What does Alpha ship?', retrieve: { mode: 'lexical' } });
    expect(eventsOf(events, 'ai.partial').map((event) => event.delta).join('')).toBe(ANSWER.answer);
    expect(eventsOf(events, 'ai.citation')).toEqual([{ type: 'ai.citation', citation: expect.objectContaining({ path: 'Projects/Alpha.md', line: 6 }) as object }]);
    expect(events[events.length - 1]).toMatchObject({ type: 'ai.complete', data: { answer: ANSWER.answer } });
  });

  it('streams over MCP as progress notifications carrying the answer deltas', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ json: ANSWER }));
    const client = await harness.connect();
    const messages: string[] = [];
    const result = await client.callTool({ name: 'ai_ask', arguments: { question: 'What does Alpha ship?', retrieve: { mode: 'lexical' } } }, { onprogress: (progress) => void messages.push(progress.message ?? '') });
    expect(structuredOf<AskOutput>(result).answer).toBe(ANSWER.answer);
    expect(messages.join('')).toContain('Alpha ships the sync engine.');
  });

  it('fails with ai_provider_error on a provider 500, and ai_unavailable (sending nothing) without a provider', async () => {
    harness = await startAiHarness();
    harness.openai.onChat(() => ({ status: 500 }));
    expect(mcpErrorOf(await harness.callTool('ai_ask', { question: 'What does Alpha ship?' })).code).toBe('ai_provider_error');
    await harness.dispose();
    harness = await startAiHarness({ noProvider: true });
    const rest = await restError(harness, ROUTE, { question: 'What does Alpha ship?' });
    expect(rest.status).toBe(503);
    expect(rest.error.code).toBe('ai_unavailable');
    expect(harness.openai.requests).toHaveLength(0);
  });
});
