import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { z } from 'zod';
import type { extractOutputSchema } from '../../../src/core/ai/extract/extract-output-schema';
import type { metadataOutputSchema } from '../../../src/core/ai/metadata/metadata-output-schema';
import type { AiHarness } from '../../helpers/ai-harness';

/** ai_metadata's output as the surfaces return it. */
export type MetadataOutput = z.output<typeof metadataOutputSchema>;

/** ai_extract's output as the surfaces return it. */
export type ExtractOutput = z.output<typeof extractOutputSchema>;

/** The error body of a failed call: MCP's structured content, REST's `error`. */
export interface ErrorBody {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

/** A chat completion request as the fake provider received it (the parts these tests read). */
interface ChatBody {
  messages: { role: string; content: unknown }[];
  response_format?: { json_schema?: { schema?: unknown } };
}

/** The structured result of a successful tool call. */
export function structuredOf<Output>(result: CallToolResult): Output {
  expect(result.isError).not.toBe(true);
  return result.structuredContent as Output;
}

/** The `{code, message, details}` of a failed tool call. */
export function mcpErrorOf(result: CallToolResult): ErrorBody {
  expect(result.isError).toBe(true);
  return result.structuredContent as ErrorBody;
}

/** Sends a REST call and returns its status with the envelope's `data` or `error`. */
export async function restCall<Output>(harness: AiHarness, path: string, body: unknown, token?: string): Promise<{ status: number; data: Output; error: ErrorBody }> {
  const response = await harness.rest('POST', path, body, token);
  const envelope = response.body as { data: Output; error: ErrorBody };
  return { status: response.status, data: envelope.data, error: envelope.error };
}

/** Everything the fake provider received, as one string (to assert what never left the vault). */
export function sentText(harness: AiHarness): string {
  return JSON.stringify(harness.openai.requests.map((request) => request.body as unknown));
}

/** The chat requests the fake provider received. */
export function chatBodies(harness: AiHarness): ChatBody[] {
  return harness.openai.chatRequests() as ChatBody[];
}

/** The last user message of a chat request the fake provider received. */
export function userMessageOf(body: unknown): string {
  const messages = (body as ChatBody).messages;
  return String(messages[messages.length - 1]?.content);
}

/** The JSON Schema a chat request carried as its structured-output format. */
export function requestSchemaOf(body: ChatBody | undefined): Record<string, unknown> {
  return body?.response_format?.json_schema?.schema as Record<string, unknown>;
}

/** Reads a note of the harness vault from disk. */
export function readOnDisk(harness: AiHarness, path: string): Promise<string> {
  return fs.readFile(join(harness.root, path), 'utf8');
}

/** Writes a note of the harness vault on disk, as another program would. */
export async function writeOnDisk(harness: AiHarness, path: string, text: string): Promise<void> {
  await fs.writeFile(join(harness.root, path), text);
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

/** The entries of the vault's audit log after flushing it. */
export async function auditEntries(harness: AiHarness): Promise<{ op: string; path: string }[]> {
  await harness.served.vault.engine.audit.flush();
  const text = await fs.readFile(join(harness.root, '.indx', 'audit.log'), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { op: string; path: string });
}
