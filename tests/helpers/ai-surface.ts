import { promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { AiUsage, Citation } from '../../src/core/ai/ai-schemas';
import type { AiHarness } from './ai-harness';
import { ERROR_META_KEY } from '../../src/server/mcp/tool-result';

// What the AI operations' surface tests read back from an `AiHarness`: tool results and errors,
// REST envelopes and event streams, what the fake provider received, and the vault on disk.

/** An error as the surfaces return it: MCP's structured content, REST's `error`. */
export interface SurfaceError {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

/** The parts of a chat completion request body the tests read. */
export interface ChatBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name?: string; schema?: unknown } };
  max_tokens?: number;
  max_completion_tokens?: number;
}

/** The data of one event of a streamed REST call (its `type` is also the event's name). */
export type StreamedEvent<Output> =
  | { type: 'ai.partial'; delta: string }
  | { type: 'ai.citation'; citation: Citation }
  | { type: 'ai.usage'; usage: AiUsage }
  | { type: 'ai.progress'; message: string; progress: number; total?: number }
  | { type: 'ai.complete'; data: Output }
  | { type: 'ai.error'; error: SurfaceError };

/** The structured result of a successful tool call (fails the test, with the error, otherwise). */
export function structuredOf<Output = Record<string, unknown>>(result: CallToolResult): Output {
  if (result.isError === true) throw new Error(`tool call failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Output;
}

/** The `{code, message, details}` of a failed tool call. */
export function mcpErrorOf(result: CallToolResult): SurfaceError {
  expect(result.isError).toBe(true);
  return result._meta?.[ERROR_META_KEY] as SurfaceError;
}

/** A REST call's status and headers, with its envelope's `data` (on success) or `error` (on failure). */
export async function restCall<Output>(harness: AiHarness, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; headers: Headers; data: Output; error: SurfaceError }> {
  const response = await harness.rest(method, path, body, token);
  const envelope = response.body as { data?: Output; error?: SurfaceError };
  return { status: response.status, headers: response.headers, data: envelope.data as Output, error: envelope.error as SurfaceError };
}

/** POSTs to a REST AI route expected to succeed; returns `data` of the `{ok: true, data}` envelope. */
export async function restData<Output>(harness: AiHarness, path: string, body: unknown): Promise<Output> {
  const response = await harness.rest('POST', path, body);
  expect(response.status).toBe(200);
  const envelope = response.body as { ok: boolean; data: Output };
  expect(envelope.ok).toBe(true);
  return envelope.data;
}

/** POSTs to a REST AI route expected to fail; returns the status, the envelope's error and the headers. */
export async function restError(harness: AiHarness, path: string, body: unknown): Promise<{ status: number; error: SurfaceError; headers: Headers }> {
  const response = await harness.rest('POST', path, body);
  const envelope = response.body as { ok: boolean; error: SurfaceError };
  expect(envelope.ok).toBe(false);
  return { status: response.status, error: envelope.error, headers: response.headers };
}

/** POSTs to a REST AI route with `Accept: text/event-stream`; returns the events' data, in order. */
export async function streamRest<Output>(harness: AiHarness, path: string, body: unknown): Promise<{ status: number; events: StreamedEvent<Output>[] }> {
  const response = await harness.rest('POST', path, body, undefined, { Accept: 'text/event-stream' });
  const text = typeof response.body === 'string' ? response.body : '';
  const events = text
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => {
      const lines = block.split('\n');
      const data = JSON.parse(lines.find((line) => line.startsWith('data: '))?.slice('data: '.length) ?? '{}') as StreamedEvent<Output>;
      expect(lines.find((line) => line.startsWith('event: '))?.slice('event: '.length)).toBe(data.type);
      return data;
    });
  return { status: response.status, events };
}

/** The events of one type from a stream. */
export function eventsOf<Output, Type extends StreamedEvent<Output>['type']>(events: readonly StreamedEvent<Output>[], type: Type): Extract<StreamedEvent<Output>, { type: Type }>[] {
  return events.filter((event): event is Extract<StreamedEvent<Output>, { type: Type }> => event.type === type);
}

/** The chat completion requests the fake provider received. */
export function chatBodies(harness: AiHarness): ChatBody[] {
  return harness.openai.chatRequests() as ChatBody[];
}

/** The last message of a chat request: the user turn with the notes (fails the test when there is no request). */
export function lastMessageOf(body: ChatBody | undefined): string {
  if (body === undefined) throw new Error('the fake provider received no such chat request');
  return String(body.messages[body.messages.length - 1]?.content ?? '');
}

/** The user messages of the `index`th chat request the fake provider received, joined (fails the test when there is none). */
export function userMessageOf(harness: AiHarness, index = 0): string {
  const body = chatBodies(harness)[index];
  if (body === undefined) throw new Error(`the fake provider received no chat request #${index}`);
  return body.messages
    .filter((message) => message.role === 'user')
    .map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content)))
    .join('\n');
}

/** The JSON Schema a chat request carried as its structured-output format. */
export function requestSchemaOf(body: ChatBody | undefined): Record<string, unknown> {
  return body?.response_format?.json_schema?.schema as Record<string, unknown>;
}

/** Everything the fake provider received, as one string (to assert what never left the vault). */
export function sentText(harness: AiHarness): string {
  return JSON.stringify(harness.openai.requests.map((request): unknown => request.body));
}

/** Reads a file of the harness vault from disk. */
export function readOnDisk(harness: AiHarness, path: string): Promise<string> {
  return fs.readFile(join(harness.root, path), 'utf8');
}

/** Writes a file of the harness vault on disk (its folder created), as another program would. */
export async function writeOnDisk(harness: AiHarness, path: string, text: string): Promise<void> {
  await fs.mkdir(dirname(join(harness.root, path)), { recursive: true });
  await fs.writeFile(join(harness.root, path), text);
}

/** The entries of the vault's audit log (`<state>/audit.log`) after flushing it; none when it does not exist. */
export async function auditEntries<Entry = Record<string, unknown>>(harness: AiHarness): Promise<Entry[]> {
  await harness.served.vault.engine.audit.flush();
  const text = await fs.readFile(join(harness.root, '.indx', 'audit.log'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Entry);
}

/** The codes of a result's warnings, in order. */
export function warningCodes(output: { warnings: { code: string }[] }): string[] {
  return output.warnings.map((warning) => warning.code);
}

/** The etag note_read reports for a note now. */
export async function etagOf(harness: AiHarness, path: string): Promise<string> {
  return structuredOf<{ etag: string }>(await harness.callTool('note_read', { path })).etag;
}

/** The frontmatter note_read reports for a note now. */
export async function frontmatterOf(harness: AiHarness, path: string): Promise<Record<string, unknown> | null> {
  return structuredOf<{ frontmatter: Record<string, unknown> | null }>(await harness.callTool('note_read', { path })).frontmatter;
}
