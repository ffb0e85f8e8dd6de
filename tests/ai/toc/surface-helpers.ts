import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { AiHarness } from '../../helpers/ai-harness';

/** An error as the surfaces return it. */
export interface SurfaceError {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

/** The structured result of a successful tool call (fails the test on an error result). */
export function structuredOf<Output>(result: CallToolResult): Output {
  if (result.isError === true) throw new Error(`tool call failed: ${JSON.stringify(result.structuredContent ?? result.content)}`);
  return result.structuredContent as Output;
}

/** The `{code, message, details}` of a failed tool call. */
export function mcpErrorOf(result: CallToolResult): SurfaceError {
  expect(result.isError).toBe(true);
  return result.structuredContent as SurfaceError;
}

/** A REST call's status and its envelope's data (on success) or error (on failure). */
export async function restCall<Output>(harness: AiHarness, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; data: Output; error: SurfaceError }> {
  const response = await harness.rest(method, path, body, token);
  const envelope = response.body as { data?: Output; error?: SurfaceError };
  return { status: response.status, data: envelope.data as Output, error: envelope.error as SurfaceError };
}

/** Everything the fake provider received, as one string (to assert what never left the vault). */
export function sentText(harness: AiHarness): string {
  return JSON.stringify(harness.openai.requests.map((request): unknown => request.body));
}

/** The user message of the `index`th chat request the fake provider received. */
export function promptOf(harness: AiHarness, index = 0): string {
  const body = harness.openai.chatRequests()[index] as { messages?: { content: unknown }[] } | undefined;
  return (body?.messages ?? []).map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content))).join('\n');
}

/** Reads a vault file from disk. */
export function readOnDisk(harness: AiHarness, path: string): Promise<string> {
  return fs.readFile(join(harness.root, path), 'utf8');
}

/** Writes a vault file on disk, as another program would. */
export async function writeOnDisk(harness: AiHarness, path: string, text: string): Promise<void> {
  await fs.mkdir(join(harness.root, path, '..'), { recursive: true });
  await fs.writeFile(join(harness.root, path), text);
}

/** The entries of the vault's audit log (`<state>/audit.log`) after flushing it. */
export async function auditEntries(harness: AiHarness): Promise<Record<string, unknown>[]> {
  await harness.served.vault.engine.audit.flush();
  const text = await fs.readFile(join(harness.root, '.indx', 'audit.log'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** One server-sent event of a streamed REST call: its name and parsed data. */
export interface StreamedEvent {
  event: string;
  data: { type: string } & Record<string, unknown>;
}

/** Calls a REST AI route with `Accept: text/event-stream` and parses the events it sent. */
export async function postStream(harness: AiHarness, path: string, body: unknown): Promise<{ status: number; events: StreamedEvent[] }> {
  const response = await harness.rest('POST', path, body, undefined, { Accept: 'text/event-stream' });
  const text = typeof response.body === 'string' ? response.body : '';
  const events = text
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length) ?? '';
      const data = JSON.parse(lines.find((line) => line.startsWith('data: '))?.slice('data: '.length) ?? '{}') as StreamedEvent['data'];
      return { event, data };
    });
  return { status: response.status, events };
}
