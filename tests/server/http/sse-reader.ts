/** One server-sent event. */
export interface ServerSentEvent {
  event: string;
  data: string;
  /** The `id` field; undefined when the event had none. */
  id?: string;
}

/** Reads server-sent events from a fetch response as they arrive. */
export class SseReader {
  readonly events: ServerSentEvent[] = [];
  private buffer = '';
  private readonly done: Promise<void>;

  constructor(response: Response) {
    const reader = response.body?.getReader();
    if (reader === undefined) throw new Error('the response has no body');
    const decoder = new TextDecoder();
    const pump = async (): Promise<void> => {
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (chunk.done) return;
        this.feed(decoder.decode(chunk.value, { stream: true }));
      }
    };
    this.done = pump();
  }

  /** Resolves when the stream ends. */
  ended(): Promise<void> {
    return this.done;
  }

  private feed(text: string): void {
    this.buffer += text;
    let end = this.buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const fields = Object.fromEntries(block.split('\n').filter((line) => !line.startsWith(':')).map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]));
      if (fields.event !== undefined) this.events.push({ event: fields.event, data: fields.data ?? '', ...(fields.id === undefined ? {} : { id: fields.id }) });
      end = this.buffer.indexOf('\n\n');
    }
  }
}
