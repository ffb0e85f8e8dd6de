import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { AiUsage, Citation } from '../../../src/core/ai/ai-schemas';
import type { AiHarness } from '../../helpers/ai-harness';

/** The parts of a chat completion request body the tests look at. */
export interface ChatBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: unknown };
  max_tokens?: number;
  max_completion_tokens?: number;
}

/** An error as the surfaces report it. */
export interface SurfaceError {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

/** One event of a streamed REST call (the data of one server-sent event). */
export type StreamedEvent<Output> =
  | { type: 'ai.partial'; delta: string }
  | { type: 'ai.citation'; citation: Citation }
  | { type: 'ai.usage'; usage: AiUsage }
  | { type: 'ai.progress'; message: string; progress: number; total?: number }
  | { type: 'ai.complete'; data: Output }
  | { type: 'ai.error'; error: SurfaceError };

/** The chat completion requests the fake provider received. */
export function chatBodies(harness: AiHarness): ChatBody[] {
  return harness.openai.chatRequests() as ChatBody[];
}

/** The last message of a chat request: the user turn with the notes. */
export function lastMessage(body: ChatBody): string {
  return body.messages[body.messages.length - 1]?.content ?? '';
}

/** The structured result of a successful tool call. */
export function structuredOf<Output>(result: CallToolResult): Output {
  expect(result.isError).not.toBe(true);
  return result.structuredContent as Output;
}

/** The `{code, message, details}` of a failed tool call. */
export function mcpErrorOf(result: CallToolResult): SurfaceError {
  expect(result.isError).toBe(true);
  return result.structuredContent as SurfaceError;
}

/** POSTs to a REST AI route and returns `data` of the `{ok: true, data}` envelope. */
export async function restData<Output>(harness: AiHarness, path: string, body: unknown): Promise<Output> {
  const response = await harness.rest('POST', path, body);
  expect(response.status).toBe(200);
  const envelope = response.body as { ok: boolean; data: Output };
  expect(envelope.ok).toBe(true);
  return envelope.data;
}

/** POSTs to a REST AI route expected to fail; returns the status and the envelope's error. */
export async function restError(harness: AiHarness, path: string, body: unknown): Promise<{ status: number; error: SurfaceError; headers: Headers }> {
  const response = await harness.rest('POST', path, body);
  const envelope = response.body as { ok: boolean; error: SurfaceError };
  expect(envelope.ok).toBe(false);
  return { status: response.status, error: envelope.error, headers: response.headers };
}

/** Everything the fake provider received, as one string (to assert what never left the vault). */
export function sentText(harness: AiHarness): string {
  return JSON.stringify(harness.openai.requests.map((request) => request.body as unknown));
}

/** Calls a REST AI route with `Accept: text/event-stream` and parses the events it sent. */
export async function streamRest<Output>(harness: AiHarness, path: string, body: unknown): Promise<{ status: number; events: StreamedEvent<Output>[] }> {
  const response = await harness.rest('POST', path, body, undefined, { Accept: 'text/event-stream' });
  const text = typeof response.body === 'string' ? response.body : '';
  const events = text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice('data: '.length)) as StreamedEvent<Output>);
  return { status: response.status, events };
}

/** The events of one type from a stream. */
export function eventsOf<Output, Type extends StreamedEvent<Output>['type']>(events: readonly StreamedEvent<Output>[], type: Type): Extract<StreamedEvent<Output>, { type: Type }>[] {
  return events.filter((event): event is Extract<StreamedEvent<Output>, { type: Type }> => event.type === type);
}

/** Writes a note of the harness vault on disk, as another program would. */
export async function editOnDisk(harness: AiHarness, path: string, text: string): Promise<void> {
  await fs.writeFile(join(harness.root, path), text);
}
