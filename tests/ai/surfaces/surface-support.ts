import type { CallToolResult } from '@modelcontextprotocol/client';
import { ERROR_META_KEY } from '../../../src/server/mcp/tool-result';
import type { AiHarness } from '../../helpers/ai-harness';

/** One server-sent event as it was sent: its name, id and parsed JSON data. */
export interface SentEvent {
  event: string;
  id: string | undefined;
  data: Record<string, unknown> & { type?: string };
}

/** A reply of the fake model answering "What does Alpha ship?" from Alpha line 6. */
export const ALPHA_ANSWER = { answer: 'Alpha ships the sync engine.', citations: [{ path: 'Projects/Alpha.md', line: 6 }], confidence: 'high', supported: true, followups: ['What does Beta store?'] };

/** A summary reply of the fake model citing Alpha line 6. */
export const ALPHA_SUMMARY = {
  tldr: 'Alpha ships sync over Beta storage.',
  text: 'Alpha ships the sync engine.',
  key_points: [{ text: 'Alpha ships the sync engine.', citations: [{ path: 'Projects/Alpha.md', line: 6 }] }],
  citations: [{ path: 'Projects/Alpha.md', line: 6 }],
};

/** The question body every ask test sends (lexical retrieval: no embeddings in these vaults; no cache, so each call reaches the model). */
export const ASK_BODY = { question: 'What does Alpha ship?', retrieve: { mode: 'lexical' }, cache: false };

/** Parses a whole event-stream body into its events (comments skipped). */
export function parseEventStream(text: string): SentEvent[] {
  return text
    .split('\n\n')
    .map((block) => block.split('\n').filter((line) => line !== '' && !line.startsWith(':')))
    .filter((lines) => lines.length > 0)
    .map((lines) => {
      const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
      return { event: field('event') ?? 'message', id: field('id'), data: JSON.parse(field('data') ?? '{}') as SentEvent['data'] };
    });
}

/** POSTs `body` to `path` asking for an event stream; returns the raw response and its parsed events. */
export async function postStream(harness: AiHarness, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; text: string; events: SentEvent[] }> {
  const response = await harness.served.fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...headers }, body: JSON.stringify(body) });
  const text = await response.text();
  const streamed = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  return { status: response.status, headers: response.headers, text, events: streamed ? parseEventStream(text) : [] };
}

/** The event types of a stream with runs of one type collapsed (`partial, partial, usage` → `partial, usage`). */
export function typeRuns(events: readonly SentEvent[]): string[] {
  return events.map((event) => event.event).filter((type, index, all) => index === 0 || all[index - 1] !== type);
}

/** The structured result of a successful tool call. */
export function structuredOf<Output = Record<string, unknown>>(result: CallToolResult): Output {
  expect(result.isError).not.toBe(true);
  return result.structuredContent as Output;
}

/** The `{code, message, details}` of a failed tool call. */
export function toolErrorOf(result: CallToolResult): { code: string; message: string; details: Record<string, unknown> } {
  expect(result.isError).toBe(true);
  return result._meta?.[ERROR_META_KEY] as { code: string; message: string; details: Record<string, unknown> };
}

/** The `{ok, data | error}` envelope of a JSON reply. */
export interface Envelope {
  ok: boolean;
  data: Record<string, unknown>;
  error: { code: string; message: string; details: Record<string, unknown> };
}

/** A JSON reply's text as its envelope. */
export function envelopeOf(text: string): Envelope {
  return JSON.parse(text) as Envelope;
}

/** A JSON reply's parsed body (from `harness.rest`) as its envelope. */
export function bodyOf(body: unknown): Envelope {
  return body as Envelope;
}
