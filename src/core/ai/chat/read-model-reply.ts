import type { z } from 'zod';
import { IndxError } from '../../errors';
import type { ChatResult } from './chat-provider';
import { parseStructuredText } from './parse-structured-text';

/** Who asked for a reply: the operation named in the error, and the provider that answered. */
export interface ModelReplySource {
  /** The operation's tool name (`ai_summarize`, `ai_tag`…). */
  operation: string;
  /** The configured provider name (`context.ai.chat?.provider`); `unknown` when absent. */
  provider: string | undefined;
}

/** Issues listed in the error's details. */
const LISTED_ISSUES = 5;

// Security: model text never goes into an error. A path segment is shown only when it looks like
// a schema key or an index (a key the model invented in a record could carry any text), and an
// issue's message only for the codes whose zod message quotes the schema, never the value.
const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;
const SCHEMA_WORDED_CODES: ReadonlySet<string> = new Set(['invalid_type', 'invalid_value', 'invalid_format', 'invalid_union', 'too_big', 'too_small', 'not_multiple_of']);

/**
 * Reads a model reply made under a JSON Schema and validates it with `schema`: the provider's
 * parsed value, or the reply text parsed as JSON (code fence stripped) when it gave none. A reply
 * that is not JSON or does not fit is an upstream failure, never a crash: `ai_provider_error`
 * with details `{provider, upstream_status: null, upstream_message, reason: 'invalid_output',
 * issues}`, where `upstream_message` summarises the issues without quoting the reply.
 */
export function readModelReply<Schema extends z.ZodType>(result: ChatResult, schema: Schema, source: ModelReplySource): z.output<Schema> {
  const parsed = schema.safeParse(result.structured ?? textValueOf(result.text));
  if (parsed.success) return parsed.data;
  const summary = summarizeIssues(parsed.error.issues);
  throw new IndxError('ai_provider_error', `The chat model's reply to ${source.operation} did not follow the requested JSON Schema (${summary}). Retry, or use a model that supports structured output.`, {
    provider: source.provider ?? 'unknown',
    upstream_status: null,
    upstream_message: summary,
    reason: 'invalid_output',
    issues: parsed.error.issues.slice(0, LISTED_ISSUES).map((issue) => ({ path: pathOf(issue), message: messageOf(issue) })),
  });
}

function textValueOf(text: string): unknown {
  const parsed = parseStructuredText(text);
  return parsed.ok ? parsed.value : undefined;
}

/** "2 issues; first at key_points.0.text: Invalid input: expected string, received number". */
function summarizeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const first = issues[0];
  if (first === undefined) return 'the reply did not match';
  return `${issues.length} issue${issues.length === 1 ? '' : 's'}; first at ${pathOf(first)}: ${messageOf(first)}`;
}

function messageOf(issue: z.core.$ZodIssue): string {
  return SCHEMA_WORDED_CODES.has(issue.code) ? issue.message : issue.code;
}

function pathOf(issue: z.core.$ZodIssue): string {
  if (issue.path.length === 0) return 'reply';
  return issue.path.map((segment) => (typeof segment === 'number' || SAFE_SEGMENT.test(String(segment)) ? String(segment) : '?')).join('.');
}
