import fc from 'fast-check';
import { relayHeaders, type RelayConnection } from '../../packages/indx-mcp/src/mcp/relay/relay-headers';
import { readSseData } from '../../packages/indx-mcp/src/mcp/relay/sse-events';

// The relay's wire details: how it reads the server's SSE answers (whatever the chunking) and
// which headers each message travels with in each protocol era.

function streamOf(chunks: readonly string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function dataOf(chunks: readonly string[]): Promise<string[]> {
  const data: string[] = [];
  for await (const item of readSseData(streamOf(chunks))) data.push(item);
  return data;
}

describe('readSseData', () => {
  test('joins data lines; skips comments, empty (priming) and non-message events; drops an unterminated last event', async () => {
    const text = ': keep-alive\n\nid: 1\ndata:\n\nevent: other\ndata: skipped\n\ndata: {"a":\ndata:  1}\n\r\ndata: last\r\n\r\ndata: unterminated';
    expect(await dataOf([text])).toEqual(['{"a":\n 1}', 'last']);
  });

  test('any chunking (a CRLF, a multi-byte character split across chunks) yields the same events', async () => {
    const events = fc.array(fc.string({ minLength: 1, unit: fc.constantFrom('a', '{', '"', 'é', '✓', ' ', ':') }), { minLength: 1, maxLength: 5 });
    await fc.assert(
      fc.asyncProperty(events, fc.constantFrom('\n', '\r\n', '\r'), fc.array(fc.nat(), { maxLength: 8 }), async (data, newline, cuts) => {
        const bytes = new TextEncoder().encode(data.map((item) => `data: ${item}${newline}${newline}`).join(''));
        const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((first, second) => first - second);
        const pieces = [0, ...points, bytes.length].slice(1).map((end, index, ends) => bytes.slice(index === 0 ? 0 : ends[index - 1], end));
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            for (const piece of pieces) controller.enqueue(piece);
            controller.close();
          },
        });
        const read: string[] = [];
        for await (const item of readSseData(stream)) read.push(item);
        expect(read).toEqual(data);
      }),
      { seed: 5, numRuns: 200 },
    );
  });
});

function recordOf(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => (record[name] = value));
  return record;
}

describe('relayHeaders', () => {
  const session: RelayConnection = { url: 'http://127.0.0.1:1', token: 'secret', sessionId: 'session-1', protocolVersion: '2025-11-25' };

  test('2025 era: the session id and negotiated version on every message but initialize, which opens a new session', () => {
    const call = relayHeaders(session, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(recordOf(call)).toMatchObject({ authorization: 'Bearer secret', 'mcp-session-id': 'session-1', 'mcp-protocol-version': '2025-11-25', accept: 'application/json, text/event-stream' });
    expect(relayHeaders(session, { jsonrpc: '2.0', id: 2, method: 'initialize', params: {} }).has('mcp-session-id')).toBe(false);
  });

  test('2026 era: the headers derive from the envelope; Mcp-Name is base64 when not plain ASCII', () => {
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };
    const read = relayHeaders(session, { jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'vault://Café.md', _meta: meta } });
    expect(recordOf(read)).toMatchObject({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'resources/read', 'mcp-name': `=?base64?${Buffer.from('vault://Café.md').toString('base64')}?=` });
    expect(read.has('mcp-session-id')).toBe(false);
    const call = relayHeaders({ ...session, token: null }, { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'note_read', _meta: meta } });
    expect(call.get('mcp-name')).toBe('note_read');
    expect(call.has('authorization')).toBe(false);
    expect(relayHeaders(session, { jsonrpc: '2.0', id: 5, method: 'tools/list', params: { _meta: meta } }).has('mcp-name')).toBe(false);
  });
});
