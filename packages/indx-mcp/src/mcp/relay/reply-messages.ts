import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { readSseData } from './sse-events';

/**
 * The JSON-RPC messages of one HTTP answer, in order: the one object (or array) of an
 * `application/json` body, or each `message` event of a `text/event-stream` body. Anything else
 * (an empty 202, an HTML error page) yields nothing; a malformed message is reported to `onSkip`
 * and skipped, never written to the client.
 */
export async function* readReplyMessages(response: Response, onSkip: (reason: string) => void): AsyncGenerator<JSONRPCMessage> {
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'text/event-stream' && response.body !== null) {
    for await (const data of readSseData(response.body)) yield* parseMessages(data, onSkip);
    return;
  }
  const text = await response.text();
  if (type === 'application/json' && text.trim() !== '') yield* parseMessages(text, onSkip);
}

/** The JSON-RPC messages of a JSON text (one object or an array); anything else is reported to `onSkip`. */
export function parseMessages(text: string, onSkip: (reason: string) => void): JSONRPCMessage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    onSkip(`the server sent text that is not JSON: ${text.slice(0, 200)}`);
    return [];
  }
  const candidates: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  return candidates.filter((candidate): candidate is JSONRPCMessage => {
    const valid = typeof candidate === 'object' && candidate !== null && (candidate as { jsonrpc?: unknown }).jsonrpc === '2.0';
    if (!valid) onSkip(`the server sent JSON that is not a JSON-RPC 2.0 message: ${text.slice(0, 200)}`);
    return valid;
  });
}
