/** One event of a Server-Sent Events body: its type (`message` unless named) and its data. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * The `data` of each `message` event of a Server-Sent Events body, in order (see
 * {@link readSseEvents}): events of any other type are skipped.
 */
export async function* readSseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  for await (const event of readSseEvents(body)) if (event.event === 'message') yield event.data;
}

/**
 * Every event of a Server-Sent Events body, in order (WHATWG HTML §9.2.6): lines end in CRLF, LF
 * or CR; `data:` lines of one event are joined by LF; `event:` names its type; comments
 * (keep-alives), `id:` and `retry:` lines carry nothing a reader here needs. An unterminated last
 * event is dropped, as the standard says, and so is an event with empty data: MCP servers send
 * one to prime a stream, and it holds no message.
 */
export async function* readSseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const parser = new SseLineParser();
  let buffer = '';
  for await (const text of decodeChunks(body)) {
    buffer += text;
    // A CR at the end may be the first half of a CRLF whose LF is in the next chunk.
    const end = buffer.endsWith('\r') ? buffer.length - 1 : buffer.length;
    const lines = buffer.slice(0, end).split(/\r\n|\n|\r/);
    buffer = (lines.pop() ?? '') + buffer.slice(end);
    yield* parser.feed(lines);
  }
  // A CR held back at the very end was a line end after all.
  if (buffer.endsWith('\r')) yield* parser.feed(buffer.slice(0, -1).split(/\r\n|\n|\r/));
}

/** Collects the fields of the event being read; {@link feed} returns the data of the events its lines complete. */
class SseLineParser {
  private type = 'message';
  private data: string[] = [];

  feed(lines: readonly string[]): SseEvent[] {
    const completed: SseEvent[] = [];
    for (const line of lines) {
      if (line !== '') {
        this.apply(line);
        continue;
      }
      const data = this.data.join('\n');
      if (data !== '') completed.push({ event: this.type, data });
      this.reset();
    }
    return completed;
  }

  private reset(): void {
    this.type = 'message';
    this.data = [];
  }

  private apply(line: string): void {
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') this.data.push(value);
    if (field === 'event') this.type = value === '' ? 'message' : value;
  }
}

async function* decodeChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield decoder.decode(value, { stream: true });
    }
  } finally {
    // A reader that stops early (the relay closing) releases the connection.
    await reader.cancel().catch(() => undefined);
  }
}
