import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { LineTransport } from '../../packages/indx-mcp/src/mcp/relay/line-transport';

/** The limit of one line, as the SDK's stdio transport (STDIO_DEFAULT_MAX_BUFFER_SIZE): 10 MiB. */
const MAX_LINE_BYTES = 10 * 1024 * 1024;
/** How much a pipe hands over at once: Node reads stdin in chunks of up to 64 KiB. */
const PIPE_CHUNK = 64 * 1024;

const PING: JSONRPCMessage = { jsonrpc: '2.0', id: 1, method: 'ping' };

/** A transport over fresh streams, recording what it reports. */
async function openTransport(): Promise<{ transport: LineTransport; input: PassThrough; output: PassThrough; messages: JSONRPCMessage[]; errors: string[]; closes: () => number }> {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new LineTransport(input, output);
  const messages: JSONRPCMessage[] = [];
  const errors: string[] = [];
  let closes = 0;
  transport.onmessage = (message) => messages.push(message);
  transport.onerror = (error) => errors.push(error.message);
  transport.onclose = () => (closes += 1);
  await transport.start();
  return { transport, input, output, messages, errors, closes: () => closes };
}

/** Lets `input` hand everything written to it to the transport (then a few more turns for the callbacks). */
async function settle(input?: PassThrough): Promise<void> {
  while (input !== undefined && (input.writableLength > 0 || input.readableLength > 0)) await nextTurn();
  for (let turn = 0; turn < 3; turn += 1) await nextTurn();
}

/** Writes `text` to `input` in chunks of `size` bytes, as a pipe hands it over. */
function writeInChunks(input: PassThrough, text: string, size: number): void {
  const bytes = Buffer.from(text, 'utf8');
  for (let start = 0; start < bytes.length; start += size) input.write(bytes.subarray(start, start + size));
}

/** A JSON-RPC request line of exactly `bytes` bytes before its newline. */
function requestLineOf(bytes: number, id: number): string {
  const empty = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'note_write', arguments: { body: '' } } });
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'note_write', arguments: { body: 'x'.repeat(bytes - empty.length) } } });
}

describe('LineTransport: MCP stdio framing for the relay (newline-delimited JSON-RPC)', () => {
  it('joins a line split across chunks, and splits chunks holding several lines', async () => {
    const { input, messages, errors } = await openTransport();
    const line = JSON.stringify({ jsonrpc: '2.0', id: 'a', method: 'tools/list', params: { cursor: 'é' } });
    const bytes = Buffer.from(`${line}\n`, 'utf8');
    // Split inside the two bytes of "é" too: the line is decoded whole, not chunk by chunk.
    const split = bytes.indexOf(Buffer.from('é', 'utf8')) + 1;
    input.write(bytes.subarray(0, 5));
    input.write(bytes.subarray(5, split));
    input.write(bytes.subarray(split));
    await settle(input);
    expect(messages).toEqual([JSON.parse(line)]);
    input.write(`${JSON.stringify(PING)}\n${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n{"jsonrpc":"2.0","id":3,`);
    input.write('"result":{}}\n');
    await settle(input);
    expect(messages.slice(1)).toEqual([PING, { jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 3, result: {} }]);
    expect(errors).toEqual([]);
  });

  it('takes CRLF line ends and skips blank lines silently', async () => {
    const { input, messages, errors } = await openTransport();
    input.write(`\r\n${JSON.stringify(PING)}\r\n   \n\n${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' })}\r`);
    input.write('\n');
    await settle(input);
    expect(messages).toEqual([PING, { jsonrpc: '2.0', id: 2, method: 'ping' }]);
    expect(errors).toEqual([]);
  });

  // The SDK's ReadBuffer skips a line that is not JSON (a SyntaxError) and goes on.
  it('skips a line that is not JSON without an error, and delivers the next one', async () => {
    const { input, messages, errors } = await openTransport();
    input.write(`Debugger listening on ws://127.0.0.1:9229\n{"jsonrpc":"2.0",\n${JSON.stringify(PING)}\n`);
    await settle(input);
    expect(messages).toEqual([PING]);
    expect(errors).toEqual([]);
  });

  it.each([
    ['an object that is not JSON-RPC', { hello: 'world' }],
    ['a batch (not in MCP since 2025-06-18)', [PING]],
    ['a request with an unknown key', { ...PING, extra: true }],
    ['a request with a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'ping' }],
    ['JSON-RPC 1.0', { id: 1, method: 'ping', params: [] }],
    ['an error without a code', { jsonrpc: '2.0', id: 1, error: { message: 'no code' } }],
  ])('reports JSON that is not a JSON-RPC message (%s) through onerror and goes on', async (_name, value) => {
    const { input, messages, errors } = await openTransport();
    input.write(`${JSON.stringify(value)}\n${JSON.stringify(PING)}\n`);
    await settle(input);
    expect(errors).toEqual(['a line that is not a JSON-RPC message was dropped']);
    expect(messages).toEqual([PING]);
  });

  it('delivers a line of 10 MiB that arrives in pipe-sized chunks', async () => {
    const { input, messages, errors } = await openTransport();
    writeInChunks(input, `${requestLineOf(MAX_LINE_BYTES, 9)}\n`, PIPE_CHUNK);
    await settle(input);
    expect(errors).toEqual([]);
    expect(messages.map((message) => ('id' in message ? message.id : null))).toEqual([9]);
  });

  it('drops a line over 10 MiB with one error, and delivers the next line', async () => {
    const { input, messages, errors } = await openTransport();
    writeInChunks(input, `${requestLineOf(MAX_LINE_BYTES + PIPE_CHUNK + 1, 10)}\n${JSON.stringify(PING)}\n`, PIPE_CHUNK);
    await settle(input);
    expect(errors).toEqual([`a line of more than ${MAX_LINE_BYTES} bytes was dropped`]);
    expect(messages).toEqual([PING]);
  });

  // The cap holds however the bytes arrive: here the over-long line comes in one write, newline included.
  it('drops a line over 10 MiB that arrives in a single chunk', async () => {
    const { input, messages, errors } = await openTransport();
    input.write(`${requestLineOf(MAX_LINE_BYTES + 1, 11)}\n${JSON.stringify(PING)}\n`);
    await settle(input);
    expect(errors).toEqual([`a line of more than ${MAX_LINE_BYTES} bytes was dropped`]);
    expect(messages).toEqual([PING]);
  });

  // The client closed its end of the pipe (EPIPE on stdout): reported and closed, not an unhandled 'error' event.
  it('reports a failure to write the output and closes, once', async () => {
    const { transport, output, errors, closes } = await openTransport();
    output.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await nextTurn();
    expect(errors).toEqual(['write EPIPE']);
    expect(closes()).toBe(1);
    output.emit('error', new Error('late'));
    expect(errors).toEqual(['write EPIPE']);
    await expect(transport.send(PING)).rejects.toThrow(/closed/);
  });

  it('closes once when the input ends, and stops reading', async () => {
    const { transport, input, messages, closes } = await openTransport();
    input.end(`${JSON.stringify(PING)}\n`);
    await settle(input);
    expect(messages).toEqual([PING]);
    expect(closes()).toBe(1);
    await transport.close();
    expect(closes()).toBe(1);
  });

  it('closes once when started on an input that is already gone', async () => {
    const input = new PassThrough();
    input.destroy();
    const transport = new LineTransport(input, new PassThrough());
    let closes = 0;
    transport.onclose = () => (closes += 1);
    await transport.start();
    await settle(input);
    expect(closes).toBe(1);
  });

  it('writes each message as one line, resolving once the output took it', async () => {
    const input = new PassThrough();
    const output = new PassThrough({ highWaterMark: 1 });
    const transport = new LineTransport(input, output);
    await transport.start();
    const message: JSONRPCMessage = { jsonrpc: '2.0', id: 4, result: { text: 'two\nlines' } };
    let sent = false;
    const sending = transport.send(message).then(() => (sent = true));
    await settle(input);
    // The output is full (nobody reads it): send waits for 'drain'.
    expect(sent).toBe(false);
    const written = (output.read() as Buffer).toString('utf8');
    await sending;
    expect(written).toBe(`${JSON.stringify(message)}\n`);
    expect(written.split('\n')).toEqual([JSON.stringify(message), '']);
    expect(JSON.parse(written)).toEqual(message);
    await transport.close();
  });

  it('refuses to send after close, and ignores input that comes after', async () => {
    const { transport, input, output, messages, closes } = await openTransport();
    await transport.close();
    await transport.close();
    expect(closes()).toBe(1);
    await expect(transport.send(PING)).rejects.toThrow('the stdio transport is closed');
    expect(output.read()).toBeNull();
    input.write(`${JSON.stringify(PING)}\n`);
    await settle();
    expect(messages).toEqual([]);
  });
});
