import fc from 'fast-check';
import { parsePartialJson } from '../../../src/core/ai/chat/partial-json';
import { chatCompletionStream, createEmbeddings, isApiCallError, type ChatStreamPart } from '../../../src/core/ai/openai-compatible';
import { isIndxError } from '../../../src/core/errors';
import { expectIndxError } from '../../helpers/expect-error';
import { chatAgainst } from './chat-harness';

const REQUEST = { model: 'm', system: 'S', messages: [{ role: 'user' as const, content: 'hi' }] };

/** A fetch answering a server-sent event stream cut into the given pieces (bytes split anywhere). */
function streamingFetch(pieces: string[]): typeof fetch {
  const bytes = pieces.map((piece) => new TextEncoder().encode(piece));
  return () => {
    let index = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = bytes[index++];
        if (next === undefined) controller.close();
        else controller.enqueue(next);
      },
    });
    return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
  };
}

async function partsOf(streamed: typeof fetch): Promise<ChatStreamPart[]> {
  const answer = await chatCompletionStream({ base_url: 'http://127.0.0.1:9/v1', fetch: streamed }, REQUEST, new AbortController().signal);
  if (answer.kind !== 'stream') throw new Error('expected a stream');
  const parts: ChatStreamPart[] = [];
  for await (const part of answer.parts) parts.push(part);
  return parts;
}

describe('the OpenAI-compatible client', () => {
  it('reads server-sent events split anywhere, with CRLF line ends and multi-line data', async () => {
    const events = [
      'data: {"choices":[{"delta":{"content":"Hel"}}]}\r\n\r\n',
      ': a comment line\r\n',
      'data: {"choices":[{"delta":\r\ndata: {"content":"lo"}}]}\r\n\r\n',
      'data: {"choices":[{"delta":{},"finish_reason":"length"}]}\n\n',
      'data: {"choices":[],"usage":{"prompt_tokens":3,"completion_tokens":2}}\n\n',
      'data: [DONE]\n\n',
    ].join('');
    const pieces = [events.slice(0, 7), events.slice(7, 50), events.slice(50, 51), events.slice(51)];
    expect(await partsOf(streamingFetch(pieces))).toEqual([
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo' },
      { type: 'finish', finish_reason: 'length', usage: { input_tokens: 3, output_tokens: 2 } },
    ]);
  });

  it('fails on an error event in the stream, with the event as the body', async () => {
    const failure = await partsOf(streamingFetch(['data: {"choices":[{"delta":{"content":"a"}}]}\n\n', 'data: {"error":{"message":"overloaded"}}\n\n'])).catch((error: unknown) => error);
    expect(isApiCallError(failure)).toBe(true);
    expect(failure).toMatchObject({ statusCode: 200, responseBody: '{"error":{"message":"overloaded"}}' });
  });

  it('orders embeddings by their index, whatever order they come in', async () => {
    const answer = { data: [{ index: 1, embedding: [0, 1] }, { index: 0, embedding: [1, 0] }] };
    const answering: typeof fetch = () => Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
    expect(await createEmbeddings({ base_url: 'http://127.0.0.1:9/v1/', fetch: answering }, { model: 'e', input: ['a', 'b'] }, new AbortController().signal)).toEqual([[1, 0], [0, 1]]);
  });

  it('reports a request that never reached the provider as a retryable failure without status', async () => {
    const refused: typeof fetch = () => Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') }));
    const failure = await createEmbeddings({ base_url: 'http://127.0.0.1:9/v1', fetch: refused }, { model: 'e', input: ['a'] }, new AbortController().signal).catch((error: unknown) => error);
    expect(failure).toMatchObject({ statusCode: undefined, isRetryable: true });
    expect((failure as Error).message).toContain('ECONNREFUSED');
  });
});

describe('parsePartialJson', () => {
  it.each([
    ['{"title":"Cut","points":["one","tw', { title: 'Cut', points: ['one', 'tw'] }],
    ['{"a":1,"b":tr', { a: 1, b: true }],
    ['{"a":1,"b', { a: 1 }],
    ['{"a":1,"b":', { a: 1 }],
    ['{"a":[1,2,', { a: [1, 2] }],
    ['{"a":-', {}],
    ['{"a":1.', { a: 1 }],
    ['{"text":"line\\', { text: 'line' }],
    ['{"text":"caf\\u00', { text: 'caf' }],
    ['[{"x":null},{"y":"é', [{ x: null }, { y: 'é' }]],
    ['  "only a string', 'only a string'],
  ])('repairs %j', (text, value) => {
    expect(parsePartialJson(text)).toEqual({ value, state: 'repaired-parse' });
  });

  it('reads whole JSON as it is and refuses what is not JSON', () => {
    expect(parsePartialJson('{"a":[1,{"b":"c"}]}')).toEqual({ value: { a: [1, { b: 'c' }] }, state: 'successful-parse' });
    for (const text of ['', 'Sure! Here it is', '{"a":1}}', '{a:1}', '[1 2]', '{"a" 1}']) expect(parsePartialJson(text).state).toBe('failed-parse');
  });

  it('repairs every prefix of any JSON text, and each repair keeps every complete member that arrived', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }), fc.nat(), (object, cut) => {
        const text = JSON.stringify(object);
        const prefix = text.slice(0, 1 + (cut % text.length));
        const read = parsePartialJson(prefix);
        expect(read.state).not.toBe('failed-parse');
        const repaired = read.value as Record<string, unknown>;
        // A member whose text arrived whole, up to the comma after it, is there, equal to the original.
        let end = 1;
        for (const [key, value] of Object.entries(object)) {
          end += `${JSON.stringify(key)}:${JSON.stringify(value)},`.length;
          if (end <= prefix.length) expect(repaired[key]).toEqual(JSON.parse(JSON.stringify(value)));
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('the chat provider over the client: failures that come late or carry secrets', () => {
  const ASK = { system: 'S', messages: [{ role: 'user' as const, content: 'hi' }] };

  /** A fetch whose event stream sends `events`, then breaks as a reset connection does. */
  function breakingStream(events: string[], calls: { count: number }): typeof fetch {
    return () => {
      calls.count += 1;
      let index = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = events[index++];
          if (next === undefined) controller.error(new TypeError('terminated'));
          else controller.enqueue(new TextEncoder().encode(next));
        },
      });
      return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
    };
  }

  it('retries a stream that breaks before anything arrived, and reports one that broke mid-way as a network failure without a retry', async () => {
    const before = { count: 0 };
    const early = await expectIndxError(chatAgainst('http://127.0.0.1:9/v1', { fetch: breakingStream([], before) }).generate({ ...ASK, onPartial: () => undefined }), 'ai_provider_error');
    expect([early.reason, before.count]).toEqual(['network', 2]);
    const midway = { count: 0 };
    const partials: unknown[] = [];
    const late = await expectIndxError(chatAgainst('http://127.0.0.1:9/v1', { fetch: breakingStream(['data: {"choices":[{"delta":{"content":"Hel"}}]}\n\n'], midway) }).generate({ ...ASK, onPartial: (partial) => partials.push(partial) }), 'ai_provider_error');
    expect([late.reason, late.upstream_status, midway.count, partials]).toEqual(['network', null, 1, ['Hel']]);
  });

  it('never shows a secret held in the base URL (userinfo or query), in the message or the details', async () => {
    const base = 'http://indx-user:s3cret-pass@127.0.0.1:9/v1?api-key=q-secret';
    for (const provider of [chatAgainst(base, { fetch }), chatAgainst(base)]) {
      const error = (await provider.generate(ASK).catch((caught: unknown) => caught)) as Error & { details: unknown };
      expect(isIndxError(error, 'ai_provider_error')).toBe(true);
      const shown = `${error.message} ${JSON.stringify(error.details)}`;
      expect(shown).not.toMatch(/s3cret-pass|q-secret|indx-user/);
      expect(shown).toContain('http://127.0.0.1:9/v1');
    }
  });
});
