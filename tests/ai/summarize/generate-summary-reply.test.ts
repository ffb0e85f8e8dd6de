import type { AiWarning } from '../../../src/core/ai/ai-schemas';
import type { ChatRequest, ChatResult } from '../../../src/core/ai/chat/chat-provider';
import type { AiStreamEvent } from '../../../src/core/ai/runtime/ai-stream-event';
import type { AiSession } from '../../../src/core/ai/runtime/run-ai-call';
import { toSnapshot } from '../../../src/core/ai/scope/read-scope-notes';
import { generateSummaryReply } from '../../../src/core/ai/summarize/generate-summary-reply';
import { expectIndxError } from '../../helpers/expect-error';

// Map-reduce summarization (seed 002 §5.1): a scope too large for one prompt is summarized in
// parts, then combined; callers see one reply. Only the final call streams.

interface FakeSession extends AiSession {
  requests: ChatRequest[];
  events: AiStreamEvent[];
}

function fakeSession(maxInputTokens: number, reply: (request: ChatRequest, index: number) => unknown): FakeSession {
  const requests: ChatRequest[] = [];
  const events: AiStreamEvent[] = [];
  return {
    requests,
    events,
    streaming: true,
    maxInputTokens,
    maxOutputTokens: 500,
    warn: (_warning: AiWarning) => undefined,
    emit: (event) => void events.push(event),
    chat(request) {
      requests.push(request);
      const structured = reply(request, requests.length - 1);
      request.onPartial?.(structured);
      const result: ChatResult = { text: JSON.stringify(structured), structured, usage: { input_tokens: 1, output_tokens: 1, cost_usd: 0 }, finish_reason: 'stop', streamed: request.onPartial !== undefined };
      return Promise.resolve(result);
    },
  };
}

const REQUEST = { system: 'Summarize.', json_schema: { type: 'object' }, cite: true, provider: 'openai-compatible' };

function note(path: string, lines: number): ReturnType<typeof toSnapshot> {
  const text = Array.from({ length: lines }, (_unused, index) => `Line ${index} of ${path} says something about the project.`).join('\n');
  return toSnapshot(path, `${text}\n`, () => '0123456789abcdef');
}

describe('generateSummaryReply', () => {
  it('makes one streamed call when the notes fit', async () => {
    const session = fakeSession(64_000, () => ({ text: 'whole', citations: [{ path: 'A.md', line: 0 }] }));
    const reply = await generateSummaryReply(session, [note('A.md', 3)], REQUEST);
    expect(reply.text).toBe('whole');
    expect(session.requests).toHaveLength(1);
    expect(session.requests[0]?.messages[0]?.content).toContain('0| Line 0 of A.md');
    expect(session.events).toEqual([{ type: 'ai.partial', delta: 'whole' }]);
  });

  it('summarizes in parts with progress events, then reduces the parts carrying their citations through', async () => {
    const session = fakeSession(600, (request, index) => {
      const content = request.messages[0]?.content ?? '';
      if (content.includes('Combine them')) return { text: 'combined', citations: [{ path: 'A.md', line: 1 }] };
      return { text: `part ${index}`, key_points: [{ text: `point ${index}`, citations: [{ path: 'A.md', line: index }] }], citations: [] };
    });
    const notes = [note('A.md', 20), note('B.md', 20), note('C.md', 20)];
    const reply = await generateSummaryReply(session, notes, REQUEST);
    const parts = session.requests.length - 1;
    expect(parts).toBeGreaterThanOrEqual(3);
    expect(reply.text).toBe('combined');
    const progress = session.events.filter((event) => event.type === 'ai.progress');
    expect(progress.map((event) => event.type === 'ai.progress' && event.message)).toEqual(Array.from({ length: parts }, (_unused, index) => `part ${index + 1} of ${parts}`));
    const reduce = session.requests[parts]?.messages[0]?.content ?? '';
    expect(reduce).toContain('"citations":[{"path":"A.md","line":0}]');
    expect(session.requests.slice(0, parts).every((request) => request.onPartial === undefined)).toBe(true);
    expect(session.events.filter((event) => event.type === 'ai.partial')).toEqual([{ type: 'ai.partial', delta: 'combined' }]);
    for (const request of session.requests) expect(JSON.stringify(request.messages).length / 4).toBeLessThan(600);
  });

  it('combines many part summaries in batches that fit, then combines the batches (only the last call streams)', async () => {
    const session = fakeSession(600, (request) => {
      const content = request.messages[0]?.content ?? '';
      if (content.includes('Combine them')) return { text: `combined ${(content.match(/"part":/g) ?? []).length}` };
      return { text: `part summary ${'x'.repeat(600)}` };
    });
    const reply = await generateSummaryReply(session, [note('A.md', 40), note('B.md', 40), note('C.md', 40)], REQUEST);
    const reduces = session.requests.filter((request) => request.messages[0]?.content.includes('Combine them'));
    expect(reduces.length).toBeGreaterThanOrEqual(3);
    expect(reply.text).toBe(`combined ${reduces.length - 1}`);
    expect(session.requests.filter((request) => request.onPartial !== undefined)).toEqual([session.requests[session.requests.length - 1]]);
    for (const request of session.requests) expect(JSON.stringify(request.messages).length / 4).toBeLessThan(600);
  });

  it('fails with ai_input_too_large when a single part summary cannot fit a prompt', async () => {
    const session = fakeSession(600, () => ({ text: 'y'.repeat(4000) }));
    expect(await expectIndxError(generateSummaryReply(session, [note('A.md', 40), note('B.md', 40)], REQUEST), 'ai_input_too_large')).toMatchObject({ max_input_tokens: 600 });
  });

  it('covers every line of every note in exactly one part', async () => {
    const session = fakeSession(500, () => ({ text: 'x' }));
    const notes = [note('A.md', 30), note('B.md', 7)];
    await generateSummaryReply(session, notes, REQUEST);
    const sent = session.requests.slice(0, -1).map((request) => request.messages[0]?.content ?? '').join('\n');
    for (const snapshot of notes) {
      for (let line = 0; line < snapshot.text.split('\n').length - 1; line += 1) {
        expect(sent.split(`\n${line}| Line ${line} of ${snapshot.path} `)).toHaveLength(2);
      }
    }
  });

  it('reports an invalid reply as ai_provider_error (invalid_output)', async () => {
    const session = fakeSession(64_000, () => ({ tldr: 'no text field' }));
    expect(await expectIndxError(generateSummaryReply(session, [note('A.md', 2)], REQUEST), 'ai_provider_error')).toMatchObject({ reason: 'invalid_output', provider: 'openai-compatible', upstream_status: null });
  });
});
