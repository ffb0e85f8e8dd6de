import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { AiTagOutput } from '../../../src/core/ai/tag/tag-output-schema';
import type { AiHarness } from '../../helpers/ai-harness';
import type { TempFiles } from '../../helpers/temp-vault';

/** A small vault for tagging: tagged project notes (one with a hand-made YAML style), an untagged meeting, a mixed-case tag, a private diary. */
export const TAG_FILES: TempFiles = {
  'Projects/Alpha.md': '---\n# kept by hand\ntitle: "Alpha"\ntags:\n- project\nstatus: active # live\n---\n# Alpha\n\nAlpha ships the sync engine. #inline-note\n\n## Risks\nThe deadline is tight.\n',
  'Projects/Beta.md': '---\ntags: [project, infra]\n---\n# Beta\n\nBeta is the storage layer.\n\n## Design\nLog-structured storage.\n',
  'Notes/Meeting.md': '# Meeting\n\n## Agenda\nReview the outage with the OnCall team.\n\n## Postmortem\nRoot cause: an expired certificate.\n',
  'Notes/Rota.md': '# Rota\n\nWho is #OnCall this week.\n',
  'Private/Diary.md': '---\ntags: [secret-diary-tag]\n---\n# Diary\n\nSECRET-DIARY-TEXT do not send.\n',
};

/** One tag as a scripted model reply writes it. */
export interface ReplyTag {
  tag: string;
  confidence: number;
  rationale?: string;
  evidence?: { path: string; anchor?: string | null; line?: number | null; end_line?: number | null; quote?: string | null }[];
}

/** A reply in the shape of ai_tag's JSON Schema. */
export function tagReply(notes: Record<string, ReplyTag[]>): { json: unknown } {
  return { json: { notes: Object.entries(notes).map(([path, tags]) => ({ path, tags: tags.map((tag) => ({ rationale: 'fits', evidence: [], ...tag })) })) } };
}

/** An error as the surfaces return it. */
export interface SurfaceError {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

/** The ai_tag result of a successful tool call. */
export function structuredOf(result: CallToolResult): AiTagOutput {
  expect(result.isError).not.toBe(true);
  return result.structuredContent as AiTagOutput;
}

/** The `{code, message, details}` of a failed tool call. */
export function mcpErrorOf(result: CallToolResult): SurfaceError {
  expect(result.isError).toBe(true);
  return result.structuredContent as SurfaceError;
}

/** Calls `POST /v1/ai/tag` and unwraps the `{ok, data | error}` envelope. */
export async function restTag(harness: AiHarness, body: unknown, token?: string): Promise<{ status: number; data: AiTagOutput; error: SurfaceError }> {
  const response = await harness.rest('POST', '/v1/ai/tag', body, token);
  const envelope = response.body as { data?: AiTagOutput; error?: SurfaceError };
  return { status: response.status, data: envelope.data as AiTagOutput, error: envelope.error as SurfaceError };
}

/** The parts of a chat completion request the tests read. */
export interface ChatBody {
  messages: { role: string; content: string }[];
  response_format: { type: string; json_schema: { schema: TagReplySchema } };
}

/** The JSON Schema ai_tag sends, as far as the tests read it. */
export interface TagReplySchema {
  properties: { notes: { items: { properties: { path: { enum: string[] }; tags: { items: { required: string[]; properties: { tag: { enum?: string[] } } } } } } } };
}

/** The body of the `index`th chat request. */
export function chatBodyOf(harness: AiHarness, index = 0): ChatBody {
  return harness.openai.chatRequests()[index] as ChatBody;
}

/** The JSON Schema of the `index`th chat request (or of a request body given to onChat). */
export function replySchemaOf(body: ChatBody): TagReplySchema {
  return body.response_format.json_schema.schema;
}

/** Everything the fake provider received, as one string (to assert what never left the vault). */
export function sentText(harness: AiHarness): string {
  return JSON.stringify(harness.openai.requests.map((request) => request.body as unknown));
}

/** The user message of the `index`th chat request. */
export function userMessageOf(harness: AiHarness, index = 0): string {
  return chatBodyOf(harness, index).messages.filter((message) => message.role === 'user').map((message) => message.content).join('\n');
}

/** Reads a note of the harness vault from disk. */
export function readNote(harness: AiHarness, path: string): Promise<string> {
  return fs.readFile(join(harness.root, path), 'utf8');
}

/** Writes a note of the harness vault on disk, as another program would. */
export async function editOnDisk(harness: AiHarness, path: string, text: string): Promise<void> {
  await fs.writeFile(join(harness.root, path), text);
}

/** The entries of the vault's audit log (`<state>/audit.log`) after flushing it. */
export async function auditEntries(harness: AiHarness): Promise<Record<string, unknown>[]> {
  await harness.served.vault.engine.audit.flush();
  const text = await fs.readFile(join(harness.root, '.indx', 'audit.log'), 'utf8').catch(() => '');
  return text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
}
